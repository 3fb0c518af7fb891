package com.example.inbox;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * {@code inbox.workers} threads that decide inboxed deliveries, each decision one transaction
 * ({@link Decider}). An idle worker looks at the inbox every {@code inbox.poll-interval}; {@link
 * #wake()} makes it look at once. A service started on an inbox that still holds deliveries (after
 * a crash) decides them: nothing else is needed to resume.
 */
@Component
public class Workers implements SmartLifecycle {
  private static final Logger log = LoggerFactory.getLogger(Workers.class);

  private final Decider decider;
  private final ReceiverClock clock;
  private final InboxProperties properties;
  private final Object signal = new Object();
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running;
  private long wakes;

  Workers(Decider decider, ReceiverClock clock, InboxProperties properties) {
    this.decider = decider;
    this.clock = clock;
    this.properties = properties;
  }

  @Override
  public void start() {
    running = true;
    for (int index = 0; index < properties.workers(); index++) {
      Thread thread = new Thread(this::work, "inbox-worker-" + index);
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
  }

  @Override
  public void stop() {
    running = false;
    wake();
    threads.forEach(Thread::interrupt);
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Every idle worker looks at the inbox now. */
  public void wake() {
    synchronized (signal) {
      wakes++;
      signal.notifyAll();
    }
  }

  private void work() {
    while (running) {
      long seen;
      synchronized (signal) {
        seen = wakes;
      }
      try {
        clock.catchUpWithWallClock();
        while (running && decider.decideNext()) {
          clock.catchUpWithWallClock();
        }
      } catch (RuntimeException failure) {
        // The delivery stays in the inbox; the next round tries it again.
        log.warn("a worker's decision failed and is retried: {}", failure.toString());
      }
      synchronized (signal) {
        if (running && seen == wakes) {
          try {
            signal.wait(properties.pollInterval().toMillis());
          } catch (InterruptedException interrupted) {
            return;
          }
        }
      }
    }
  }
}
