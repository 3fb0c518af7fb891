package com.example.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The control API's safety rules (docs/receiver-protocol.md): without {@code INBOXCHECK_CONTROL=1}
 * every control path answers 404; with it, a request without the run's secret answers 403, and
 * the service listens on the loopback address only.
 */
class ControlApiSafetyIT {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @Test
  void withoutTheSwitchEveryControlPathIsNotFound() throws Exception {
    int port = freePort();
    Process service =
        start(Map.of(), List.of("--server.port=" + port, "--server.address=127.0.0.1"));
    try {
      awaitListening(port);
      assertEquals(404, post(port, "/inboxcheck/reset", null).statusCode());
      assertEquals(404, get(port, "/inboxcheck/view", "anything").statusCode());
      assertEquals(202, post(port, "/webhook", null).statusCode());
    } finally {
      service.destroyForcibly().waitFor();
    }
  }

  @Test
  void withTheSwitchOnlyTheSecretOpensItOnLoopback() throws Exception {
    Process service =
        start(Map.of("INBOXCHECK_CONTROL", "1", "INBOXCHECK_CONTROL_SECRET", "s3cret"), List.of());
    try {
      String address =
          new BufferedReader(
                  new InputStreamReader(service.getInputStream(), StandardCharsets.UTF_8))
              .readLine();
      assertTrue(address.startsWith("http://127.0.0.1:"), address);
      int port = Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
      HttpResponse<String> refused = get(port, "/inboxcheck/view", "wrong");
      assertEquals(403, refused.statusCode());
      assertEquals(
          "{\"error\":\"control requests need the Inboxcheck-Secret of this run\"}",
          refused.body());
      assertEquals(403, get(port, "/inboxcheck/view", null).statusCode());
      assertEquals(200, get(port, "/inboxcheck/view", "s3cret").statusCode());
    } finally {
      service.destroyForcibly().waitFor();
    }
  }

  private static Process start(Map<String, String> environment, List<String> arguments)
      throws IOException {
    String command = ServiceUnderCheck.command("safety");
    List<String> words = new ArrayList<>(List.of(command.split(" ")));
    words.addAll(arguments);
    ProcessBuilder builder = new ProcessBuilder(words);
    builder.environment().keySet().removeIf(name -> name.startsWith("INBOXCHECK_"));
    builder.environment().putAll(environment);
    builder.redirectError(ProcessBuilder.Redirect.DISCARD);
    return builder.start();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void awaitListening(int port) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      try {
        get(port, "/", null);
        return;
      } catch (IOException notYet) {
        Thread.sleep(200);
      }
    }
    throw new AssertionError("the service did not listen on port " + port + " within 60 s");
  }

  private static HttpResponse<String> get(int port, String path, String secret)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    if (secret != null) {
      request.header("Inboxcheck-Secret", secret);
    }
    return HTTP.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> post(int port, String path, String secret)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Content-Type", "application/json");
    if (secret != null) {
      request.header("Inboxcheck-Secret", secret);
    }
    return HTTP.send(
        request.POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
