package com.example.inbox.control;

import java.io.PrintStream;
import java.net.InetAddress;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.ConfigurableWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

/**
 * How a service with the control API listens (docs/receiver-protocol.md): on the loopback address
 * and a free port unless {@code server.address} and {@code server.port} say otherwise, and, once
 * ready, its address as the first line on standard output, which inboxcheck reads (logs go to
 * standard error, logback-spring.xml).
 */
@Configuration
@ConditionalOnProperty(name = "INBOXCHECK_CONTROL", havingValue = "1")
class ControlServer {
  @Bean
  WebServerFactoryCustomizer<ConfigurableWebServerFactory> loopbackOnAFreePort(
      @Value("${server.address:}") String address, @Value("${server.port:}") String port) {
    return factory -> {
      if (address.isEmpty()) {
        factory.setAddress(InetAddress.getLoopbackAddress());
      }
      if (port.isEmpty()) {
        factory.setPort(0);
      }
    };
  }

  @EventListener
  void announce(ApplicationReadyEvent ready) {
    var context = (ServletWebServerApplicationContext) ready.getApplicationContext();
    int port = context.getWebServer().getPort();
    String host = context.getEnvironment().getProperty("server.address", "127.0.0.1");
    PrintStream out = System.out;
    out.println("http://" + host + ":" + port);
    out.flush();
  }
}
