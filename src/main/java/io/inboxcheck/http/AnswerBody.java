package io.inboxcheck.http;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * An answer's body read with a bound, so a receiver cannot make the harness hold what it sends:
 * past {@link #MAX_ANSWER_BYTES} reading stops, the connection is dropped unread, and the answer is
 * a {@link TooLong} failure. The bytes become text only as strict UTF-8, and a 2xx answer with a
 * body must say it is {@code application/json}: the receiver protocol's answers are nothing else.
 */
final class AnswerBody {
  /**
   * The largest answer read: a view of a long run holds every recorded body, some at the largest
   * size a delivery may have (SPEC section 1.5); the protocol's other answers are a few hundred
   * bytes.
   */
  static final int MAX_ANSWER_BYTES = 32 << 20;

  private AnswerBody() {}

  /** An answer longer than the bound: reading stopped there. */
  static final class TooLong extends IOException {
    private static final long serialVersionUID = 1L;

    TooLong(long bytes, boolean declared) {
      super(
          declared
              ? "an answer of "
                  + bytes
                  + " bytes declared, more than the "
                  + MAX_ANSWER_BYTES
                  + " inboxcheck reads"
              : "an answer longer than the "
                  + MAX_ANSWER_BYTES
                  + " bytes inboxcheck reads; reading stopped there");
    }
  }

  /** How far one answer's reading got, for a message when it does not end. */
  static final class Progress {
    private volatile boolean headed;
    private volatile long bytes;

    /** Whether the status line and headers arrived. */
    boolean headed() {
      return headed;
    }

    long bytes() {
      return bytes;
    }
  }

  /** Reads bodies up to the bound, recording how far each got in {@code progress}. */
  static HttpResponse.BodyHandler<byte[]> handler(Progress progress) {
    return info -> {
      progress.headed = true;
      long declared = info.headers().firstValueAsLong("Content-Length").orElse(-1);
      return new Bounded(declared, progress);
    };
  }

  /**
   * Keeps the body's buffers as the client hands them over (it never reuses them), one batch at a
   * time, cancelling the moment the bound is passed, and joins them once the body is whole.
   */
  private static final class Bounded implements HttpResponse.BodySubscriber<byte[]> {
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private final long declared;
    private final Progress progress;
    private final List<ByteBuffer> received = new ArrayList<>();
    private Flow.Subscription subscription;
    private long size;

    Bounded(long declared, Progress progress) {
      this.declared = declared;
      this.progress = progress;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
      return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
      this.subscription = subscription;
      if (declared > MAX_ANSWER_BYTES) {
        subscription.cancel();
        body.completeExceptionally(new TooLong(declared, true));
        return;
      }
      subscription.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
      if (body.isDone()) {
        return; // cancelled past the bound: what was already on its way is dropped unread
      }
      for (ByteBuffer buffer : buffers) {
        size += buffer.remaining();
        received.add(buffer);
      }
      progress.bytes = size;
      if (size > MAX_ANSWER_BYTES) {
        subscription.cancel();
        received.clear();
        body.completeExceptionally(new TooLong(size, false));
        return;
      }
      subscription.request(1);
    }

    @Override
    public void onError(Throwable throwable) {
      received.clear();
      body.completeExceptionally(throwable);
    }

    @Override
    public void onComplete() {
      byte[] bytes = new byte[(int) size];
      int at = 0;
      for (ByteBuffer buffer : received) {
        int length = buffer.remaining();
        buffer.get(bytes, at, length);
        at += length;
      }
      received.clear();
      body.complete(bytes);
    }
  }

  /**
   * The body as text: strict UTF-8, or empty when the answer is not UTF-8, with {@code problem}
   * saying where.
   */
  record Text(String text, Optional<String> problem) {}

  /** Decodes {@code bytes} as UTF-8, refusing a malformed sequence instead of replacing it. */
  static Text utf8(byte[] bytes) {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      return new Text(
          new String(bytes, StandardCharsets.UTF_8),
          Optional.of(
              "the answer is not UTF-8 (a malformed sequence at byte " + in.position() + ")"));
    }
    return new Text(out.flip().toString(), Optional.empty());
  }

  /**
   * What is wrong with a 2xx answer's {@code Content-Type}, if anything: a body must be {@code
   * application/json}, in UTF-8 when it names a charset; an empty body may say anything.
   */
  static Optional<String> contentTypeProblem(Optional<String> contentType, int bodyBytes) {
    if (bodyBytes == 0) {
      return Optional.empty();
    }
    if (contentType.isEmpty()) {
      return Optional.of("the answer has no Content-Type; expected application/json");
    }
    String[] parts = contentType.get().split(";");
    String media = parts[0].strip().toLowerCase(Locale.ROOT);
    boolean utf8 = true;
    for (int index = 1; index < parts.length; index++) {
      String parameter = parts[index].strip().toLowerCase(Locale.ROOT).replace("\"", "");
      if (parameter.startsWith("charset=")) {
        utf8 = parameter.equals("charset=utf-8");
      }
    }
    if (!media.equals("application/json") || !utf8) {
      return Optional.of(
          "the answer's Content-Type is \""
              + ProtocolValues.excerpt(contentType.get())
              + "\"; expected application/json");
    }
    return Optional.empty();
  }
}
