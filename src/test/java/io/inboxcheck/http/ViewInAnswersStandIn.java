package io.inboxcheck.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.inboxcheck.json.JsonString;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A receiver over the JDK's HTTP server that declares views in answers and keeps or breaks that
 * promise as told, for what the Python example never does: answer a stale view, leave the view out,
 * or hold deliveries until several are in flight at once. It knows one card, {@code card-1} at
 * version 0, and applies every delivery of {@link #envelope(int)}; nothing else.
 */
final class ViewInAnswersStandIn implements AutoCloseable {
  static final String APPLIED = "{\"decision\":\"APPLIED\",\"reason\":null,\"restates\":null}";
  static final String START = "2024-01-01T00:00:00Z";

  /** A scenario of deliveries of versions 1 to {@code count}, in order, for {@code replay}. */
  static String scenario(int count) {
    StringBuilder steps = new StringBuilder();
    for (int version = 1; version <= count; version++) {
      steps.append(version > 1 ? ", " : "").append("{\"deliver\": ").append(envelope(version));
      steps.append("}");
    }
    return "{\"name\": \"views-in-answers\", \"start\": \""
        + START
        + "\", \"initial\": {\"card-1\": {\"version\": 0, \"state\": {\"stage\": \"new\"}}},"
        + " \"steps\": ["
        + steps
        + "]}";
  }

  /** The envelope of version {@code version} of card-1, under its own event id. */
  static String envelope(int version) {
    return "{\"event_id\":\"e-"
        + version
        + "\",\"object_id\":\"card-1\",\"object_version\":"
        + version
        + ",\"type\":\"card.snapshot\",\"state\":{\"stage\":\"v"
        + version
        + "\"}}";
  }

  /** What the 2xx answers carry. */
  enum Answers {
    /** No declaration: the reset answer is the protocol's plain one, nothing carries a view. */
    UNDECLARED,
    /** Declared and kept: every answer carries the view after its request. */
    CURRENT_VIEWS,
    /** Declared and broken: a delivery's answer carries the view from before it. */
    STALE_VIEWS,
    /** Declared and broken: a delivery's answer carries no view. */
    NO_VIEW
  }

  private final Answers answers;
  private final HttpServer server;
  private final ExecutorService threads = Executors.newFixedThreadPool(4);
  private final List<String> delivered = new ArrayList<>();
  private volatile CountDownLatch together;

  ViewInAnswersStandIn(Answers answers) {
    this.answers = answers;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.setExecutor(threads);
    server.createContext("/inboxcheck/reset", this::reset);
    server.createContext("/webhook", this::webhook);
    server.createContext("/inboxcheck/view", exchange -> answer(exchange, view()));
    server.start();
  }

  String address() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** From now on, each delivery is answered only once {@code count} deliveries are in flight. */
  void holdUntilInFlight(int count) {
    together = new CountDownLatch(count);
  }

  private void reset(HttpExchange exchange) throws IOException {
    synchronized (delivered) {
      delivered.clear();
    }
    String protocol = "{\"protocol\":\"" + ProtocolValues.PROTOCOL + "\"";
    answer(
        exchange,
        answers == Answers.UNDECLARED
            ? protocol + "}"
            : protocol + ",\"view_in_answers\":true,\"view\":" + view() + "}");
  }

  private void webhook(HttpExchange exchange) throws IOException {
    String text = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    CountDownLatch waiting = together;
    if (waiting != null) {
      waiting.countDown();
      try {
        waiting.await(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    String before;
    String after;
    synchronized (delivered) {
      before = view();
      delivered.add(text);
      after = view();
    }
    String body =
        switch (answers) {
          case UNDECLARED, NO_VIEW -> APPLIED;
          case CURRENT_VIEWS -> withView(after);
          case STALE_VIEWS -> withView(before);
        };
    answer(exchange, body);
  }

  private static String withView(String view) {
    return APPLIED.substring(0, APPLIED.length() - 1) + ",\"view\":" + view + "}";
  }

  /** The view after the deliveries so far: each applied, card-1 at the highest version. */
  private String view() {
    synchronized (delivered) {
      int version = 0;
      StringBuilder identities = new StringBuilder();
      StringBuilder audit = new StringBuilder();
      for (int index = 0; index < delivered.size(); index++) {
        String text = delivered.get(index);
        int sent = Integer.parseInt(text.replaceAll(".*\"object_version\":(\\d+).*", "$1"));
        version = Math.max(version, sent);
        String separator = index > 0 ? "," : "";
        identities.append(separator).append("{\"event_id\":\"e-").append(sent);
        identities.append("\",\"first_received_at\":\"" + START + "\",\"first\":{\"arrival\":");
        identities.append(index + 1).append(",\"received_at\":\"" + START + "\",\"decisions\":[");
        identities.append(APPLIED).append("]},\"variants\":[]}");
        audit.append(separator).append("{\"kind\":\"delivery\",\"arrival\":").append(index + 1);
        audit.append(",\"envelope\":").append(new JsonString(text).canonicalText());
        audit.append(",\"decision\":").append(APPLIED);
        audit.append(",\"variant\":false,\"paused\":[],\"at\":\"" + START + "\"}");
      }
      String stage = version == 0 ? "new" : "v" + version;
      return "{\"protocol\":\""
          + ProtocolValues.PROTOCOL
          + "\",\"clock\":\""
          + START
          + "\",\"cards\":{\"card-1\":{\"version\":"
          + version
          + ",\"state\":{\"stage\":\""
          + stage
          + "\"},\"paused\":false}},\"held\":[],\"identities\":["
          + identities
          + "],\"replacements\":{\"event\":"
          + delivered.size()
          + ",\"authoritative\":0},\"audit\":["
          + audit
          + "]}";
    }
  }

  /** Answers 200 with a JSON body; other stand-in receivers of these tests answer so too. */
  static void answer(HttpExchange exchange, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
