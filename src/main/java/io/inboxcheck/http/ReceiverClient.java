package io.inboxcheck.http;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.receiver.ReceiverSetup;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Requests to one receiver over HTTP with the JDK's client. Every request has a timeout, and every
 * way a request can fail becomes a {@link ReceiverFailure} with one line naming the receiver, the
 * request and what went wrong; a hung receiver never hangs the harness.
 */
final class ReceiverClient {
  /** The header that carries the per-run control secret (docs/receiver-protocol.md). */
  static final String SECRET_HEADER = "Inboxcheck-Secret";

  /** Where the control API lives below the receiver's base address. */
  static final String CONTROL_PATH = "/inboxcheck/";

  private final String name;
  private final URI base;
  private final String secret;
  private final Duration timeout;
  private final HttpClient client;

  // Which request started last and how many are in flight: a view carried by an answer is current
  // only while its request is the last one sent and none overlapped it (see #isLatest).
  private long requestsStarted;
  private int requestsInFlight;

  /**
   * @param name how messages name the receiver, e.g. {@code exec:python3 receiver.py}
   * @param base the receiver's address, e.g. {@code http://127.0.0.1:8080}
   * @param secret the control secret of this run
   * @param timeout the longest wait for any one answer
   */
  ReceiverClient(String name, URI base, String secret, Duration timeout) {
    this.name = name;
    this.base = base;
    this.secret = secret;
    this.timeout = timeout;
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /**
   * One answer: the status code and the body as text; {@code request} numbers the request it
   * answers, and {@code startedAlone} says no other request to this receiver was in flight when it
   * started.
   */
  record Answer(int status, String body, long request, boolean startedAlone) {
    boolean successful() {
      return status >= 200 && status < 300;
    }
  }

  /** The number of a request that starts now, and whether no other request is in flight. */
  private record Start(long request, boolean alone) {}

  private synchronized Start started() {
    boolean alone = requestsInFlight == 0;
    requestsStarted++;
    requestsInFlight++;
    return new Start(requestsStarted, alone);
  }

  private synchronized void finished() {
    requestsInFlight--;
  }

  /**
   * Whether what {@code answer} says still holds: no other request was in flight when its request
   * started, no request started since, and none is in flight now. Requests of other threads ({@code
   * check --concurrency}) overlap, and then an answer's view may miss another request's writes.
   */
  synchronized boolean isLatest(Answer answer) {
    return answer.startedAlone() && answer.request() == requestsStarted && requestsInFlight == 0;
  }

  String name() {
    return name;
  }

  Duration timeout() {
    return timeout;
  }

  /** POSTs a webhook delivery with its transport headers; never sends the control secret. */
  Answer deliver(String body, Map<String, String> headers, String what) {
    HttpTraffic.delivered();
    HttpRequest.Builder request = request("/webhook", what);
    headers.forEach(request::header);
    return send(request.POST(HttpRequest.BodyPublishers.ofString(body)).build(), what);
  }

  /**
   * POSTs a webhook delivery and returns at once, so the receiver can be killed while it may be
   * answering. The future fails when no whole answer arrives (e.g. the process died first).
   */
  CompletableFuture<Answer> deliverAsync(String body, Map<String, String> headers, String what) {
    HttpRequest.Builder request = request("/webhook", what);
    headers.forEach(request::header);
    return sendAsync(request, body, what);
  }

  /**
   * POSTs a webhook delivery over a plain socket in this thread and returns once the whole answer
   * is read, so a kill can follow at once ({@link DirectDelivery}).
   */
  Answer deliverDirect(String body, Map<String, String> headers, String what) {
    Start start = started();
    try {
      DirectDelivery.Raw answer = DirectDelivery.send(base, body, headers, timeout);
      return answer(answer.status(), answer.contentType(), answer.body(), start, what);
    } catch (java.net.SocketTimeoutException e) {
      throw new ReceiverFailure(
          prefix(what) + "no whole answer within " + seconds() + " (the receiver hangs or drips)",
          e);
    } catch (AnswerBody.TooLong e) {
      throw new ReceiverFailure(prefix(what) + e.getMessage(), e);
    } catch (IOException | NumberFormatException e) {
      throw new ReceiverFailure(prefix(what) + "cannot reach " + base + ": " + e.getMessage(), e);
    } finally {
      finished();
    }
  }

  /**
   * POSTs a control request with the secret and returns at once, so the receiver can be killed
   * while it acts on it; the future fails when no whole answer arrives.
   */
  CompletableFuture<Answer> controlAsync(String action, String body, String what) {
    return sendAsync(
        request(CONTROL_PATH + action, what).header(SECRET_HEADER, secret), body, what);
  }

  private CompletableFuture<Answer> sendAsync(
      HttpRequest.Builder request, String body, String what) {
    Start start = started();
    return client
        .sendAsync(
            request.POST(HttpRequest.BodyPublishers.ofString(body)).build(),
            AnswerBody.handler(new AnswerBody.Progress()))
        .whenComplete((response, failure) -> finished())
        .thenApply(response -> answer(response, start, what));
  }

  /** POSTs a control request with the secret; a non-2xx answer is a failure of the receiver. */
  Answer control(String action, String body, String what) {
    HttpRequest.Builder request =
        request(CONTROL_PATH + action, what).header(SECRET_HEADER, secret);
    return expectSuccess(
        send(request.POST(HttpRequest.BodyPublishers.ofString(body)).build(), what), what);
  }

  /** GETs a control resource with the secret. */
  Answer read(String action, String what) {
    HttpRequest.Builder request =
        request(CONTROL_PATH + action, what).header(SECRET_HEADER, secret);
    return expectSuccess(send(request.GET().build(), what), what);
  }

  /** A control request exactly as given, for tests that show what happens without the secret. */
  Answer raw(String method, String path, String body, Map<String, String> headers) {
    HttpRequest.Builder request = request(path, method + " " + path);
    headers.forEach(request::header);
    return send(
        request.method(method, HttpRequest.BodyPublishers.ofString(body)).build(),
        method + " " + path);
  }

  private HttpRequest.Builder request(String path, String what) {
    URI target;
    try {
      target = base.resolve(path);
    } catch (IllegalArgumentException e) {
      throw new ReceiverFailure(prefix(what) + "the address " + base + " is not usable", e);
    }
    return HttpRequest.newBuilder(target)
        .timeout(timeout)
        .header("Content-Type", "application/json");
  }

  /**
   * Sends {@code request} and reads its whole answer within the timeout, headers to last byte: a
   * receiver that drips its answer is cut off at the timeout like one that never answers.
   */
  private Answer send(HttpRequest request, String what) {
    long started = System.nanoTime();
    Start start = started();
    AnswerBody.Progress progress = new AnswerBody.Progress();
    CompletableFuture<HttpResponse<byte[]>> exchange =
        client.sendAsync(request, AnswerBody.handler(progress));
    try {
      return answer(exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS), start, what);
    } catch (TimeoutException e) {
      exchange.cancel(true);
      throw new ReceiverFailure(prefix(what) + unfinished(progress), e);
    } catch (ExecutionException e) {
      throw failed(e.getCause(), progress, what);
    } catch (InterruptedException e) {
      exchange.cancel(true);
      Thread.currentThread().interrupt();
      throw new ReceiverFailure(prefix(what) + "interrupted", e);
    } finally {
      finished();
      HttpTraffic.sent(
          request.method() + " " + request.uri().getPath(), System.nanoTime() - started);
    }
  }

  private String unfinished(AnswerBody.Progress progress) {
    if (!progress.headed()) {
      return "no answer within " + seconds() + " (the receiver hangs)";
    }
    return "no whole answer within "
        + seconds()
        + " ("
        + progress.bytes()
        + " bytes of its body arrived; the receiver hangs or drips)";
  }

  private ReceiverFailure failed(Throwable cause, AnswerBody.Progress progress, String what) {
    if (cause instanceof ReceiverFailure failure) {
      return failure;
    }
    if (cause instanceof AnswerBody.TooLong tooLong) {
      return new ReceiverFailure(prefix(what) + tooLong.getMessage(), tooLong);
    }
    if (cause instanceof HttpConnectTimeoutException) {
      return new ReceiverFailure(prefix(what) + "could not connect within " + seconds(), cause);
    }
    if (cause instanceof HttpTimeoutException) {
      return new ReceiverFailure(prefix(what) + unfinished(progress), cause);
    }
    if (progress.headed()) {
      return new ReceiverFailure(
          prefix(what)
              + "the connection closed before the whole answer ("
              + progress.bytes()
              + " bytes of its body arrived)",
          cause);
    }
    String problem =
        cause instanceof IOException io ? describe(io) : String.valueOf(cause.getMessage());
    return new ReceiverFailure(prefix(what) + "cannot reach " + base + ": " + problem, cause);
  }

  /**
   * The answer as the protocol reads it: a 2xx body must be UTF-8 JSON and say so; any other
   * answer's body is only quoted, so it is decoded leniently.
   */
  private Answer answer(HttpResponse<byte[]> response, Start start, String what) {
    return answer(
        response.statusCode(),
        response.headers().firstValue("Content-Type"),
        response.body(),
        start,
        what);
  }

  private Answer answer(
      int status, Optional<String> contentType, byte[] bytes, Start start, String what) {
    if (status < 200 || status >= 300) {
      return new Answer(
          status, new String(bytes, StandardCharsets.UTF_8), start.request(), start.alone());
    }
    Optional<String> wrongType = AnswerBody.contentTypeProblem(contentType, bytes.length);
    if (wrongType.isPresent()) {
      throw new ReceiverFailure(prefix(what) + wrongType.get());
    }
    AnswerBody.Text text = AnswerBody.utf8(bytes);
    if (text.problem().isPresent()) {
      throw new ReceiverFailure(prefix(what) + text.problem().get());
    }
    return new Answer(status, text.text(), start.request(), start.alone());
  }

  private Answer expectSuccess(Answer answer, String what) {
    if (!answer.successful()) {
      throw new ReceiverFailure(
          prefix(what)
              + "answered "
              + answer.status()
              + " "
              + ProtocolValues.excerpt(answer.body()));
    }
    return answer;
  }

  String prefix(String what) {
    return "receiver " + name + ", " + what + ": ";
  }

  /**
   * Reads an answer's values with {@code reading}; a value the protocol does not allow becomes a
   * finding about this receiver, in one line, instead of an exception from deep in the mapping.
   */
  <T> T protocol(Supplier<T> reading, String what) {
    try {
      return reading.get();
    } catch (ProtocolValues.Mismatch mismatch) {
      throw new ReceiverFailure(
          prefix(what) + "the answer is not the protocol at " + mismatch.getMessage(), mismatch);
    } catch (IllegalArgumentException | NullPointerException invalid) {
      throw new ReceiverFailure(
          prefix(what) + "the answer is not the protocol: " + invalid.getMessage(), invalid);
    }
  }

  private String seconds() {
    return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
  }

  private static String describe(IOException e) {
    String message = e.getMessage();
    return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
  }

  /**
   * Reads the receiver's view and maps it onto the harness's steps; audit entries not seen before
   * were written by step {@code writer}, and {@code auditSteps} remembers that for later reads.
   */
  ViewMapping.Mapped view(
      List<ViewMapping.Sent> sent, List<Integer> auditSteps, int writer, ReceiverSetup setup) {
    String what = "reading its view";
    JsonObject document = protocol(() -> ProtocolValues.document(read("view", what).body()), what);
    return view(document, sent, auditSteps, writer, setup, what);
  }

  /**
   * Maps a view the receiver gave, read with {@code GET view} or carried by an answer ({@code what}
   * says which), as {@link #view(List, List, int, ReceiverSetup)} does.
   */
  ViewMapping.Mapped view(
      JsonObject document,
      List<ViewMapping.Sent> sent,
      List<Integer> auditSteps,
      int writer,
      ReceiverSetup setup,
      String what) {
    int auditSize = document.get("audit").map(ViewMapping::size).orElse(0);
    while (auditSteps.size() < auditSize) {
      auditSteps.add(writer);
    }
    return protocol(() -> ViewMapping.view(document, sent, auditSteps::get, setup), what);
  }
}
