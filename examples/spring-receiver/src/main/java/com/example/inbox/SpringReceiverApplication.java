package com.example.inbox;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * A webhook receiver for {@code card.snapshot} events that acknowledges on acceptance (inboxcheck
 * SPEC section 3.6): {@link WebhookController} stores each delivery in the inbox table and answers
 * 202, {@link Workers} decide it later by the policy of SPEC sections 3 to 5, one transaction per
 * decision ({@link Decider}).
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SpringReceiverApplication {
  public static void main(String[] args) {
    SpringApplication.run(SpringReceiverApplication.class, args);
  }
}
