package io.inboxcheck.http;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One webhook delivery over a plain socket, sent and read in the calling thread, for a kill that
 * must land the moment the answer is read: the JDK's client hands an answer from its selector
 * thread to the caller, which on a loaded machine can take longer than a receiver needs to COMMIT
 * after answering. HTTP/1.1 with {@code Connection: close}, an answer with a {@code Content-Length}
 * (the receiver protocol's answers have one), the whole exchange bounded by the timeout and the
 * answer by {@link AnswerBody#MAX_ANSWER_BYTES}.
 */
final class DirectDelivery {
  private static final int MAX_ANSWER_BYTES = AnswerBody.MAX_ANSWER_BYTES;

  /** The largest status line and headers read; the protocol's are a few hundred bytes. */
  private static final int MAX_HEAD_BYTES = 64 * 1024;

  private DirectDelivery() {}

  /** An answer as it came: its status, its {@code Content-Type} if any, and its body's bytes. */
  record Raw(int status, Optional<String> contentType, byte[] body) {}

  /** Sends {@code body} to {@code base}'s webhook and reads the whole answer. */
  static Raw send(URI base, String body, Map<String, String> headers, Duration timeout)
      throws IOException {
    byte[] payload = body.getBytes(StandardCharsets.UTF_8);
    StringBuilder request = new StringBuilder("POST /webhook HTTP/1.1\r\n");
    request.append("Host: ").append(base.getHost()).append(':').append(base.getPort());
    request.append("\r\nContent-Type: application/json\r\nConnection: close\r\n");
    request.append("Content-Length: ").append(payload.length).append("\r\n");
    headers.forEach(
        (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
    request.append("\r\n");
    long deadline = System.nanoTime() + timeout.toNanos();
    try (Socket socket = new Socket()) {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout((int) timeout.toMillis());
      socket.connect(
          new InetSocketAddress(base.getHost(), base.getPort()), (int) timeout.toMillis());
      OutputStream out = socket.getOutputStream();
      out.write(request.toString().getBytes(StandardCharsets.US_ASCII));
      out.write(payload);
      out.flush();
      return answer(new BufferedInputStream(new BeforeDeadline(socket, deadline)));
    }
  }

  private static Raw answer(InputStream in) throws IOException {
    String head = head(in);
    String[] lines = head.split("\r\n");
    String[] status = lines[0].split(" ", 3);
    if (status.length < 2 || !status[0].startsWith("HTTP/")) {
      throw new IOException("not an HTTP answer: " + ProtocolValues.excerpt(lines[0]));
    }
    long length = 0;
    Optional<String> contentType = Optional.empty();
    for (String line : lines) {
      int colon = line.indexOf(':');
      String name = colon > 0 ? line.substring(0, colon).trim().toLowerCase(Locale.ROOT) : "";
      if (name.equals("content-length")) {
        length = Long.parseLong(line.substring(colon + 1).trim());
      } else if (name.equals("content-type")) {
        contentType = Optional.of(line.substring(colon + 1).trim());
      }
    }
    if (length < 0) {
      throw new IOException("an answer of " + length + " bytes");
    }
    if (length > MAX_ANSWER_BYTES) {
      throw new AnswerBody.TooLong(length, true);
    }
    byte[] bytes = in.readNBytes((int) length);
    if (bytes.length < length) {
      throw new IOException("the answer ended after " + bytes.length + " of " + length + " bytes");
    }
    return new Raw(Integer.parseInt(status[1]), contentType, bytes);
  }

  /** The status line and headers, up to the empty line. */
  private static String head(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int next = in.read();
      if (next < 0) {
        throw new IOException("the connection closed before a whole answer");
      }
      head.write(next);
      matched = next == "\r\n\r\n".charAt(matched) ? matched + 1 : (next == '\r' ? 1 : 0);
      if (head.size() > MAX_HEAD_BYTES) {
        throw new IOException("an answer's head longer than " + MAX_HEAD_BYTES + " bytes");
      }
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  /**
   * A socket's input that ends at a deadline: each read waits at most until then, so an answer
   * dripped a byte at a time cannot stretch the exchange past the timeout.
   */
  private static final class BeforeDeadline extends FilterInputStream {
    private final Socket socket;
    private final long deadline;

    BeforeDeadline(Socket socket, long deadline) throws IOException {
      super(socket.getInputStream());
      this.socket = socket;
      this.deadline = deadline;
    }

    private void waitAtMostUntilTheDeadline() throws IOException {
      long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
      if (left <= 0) {
        throw new SocketTimeoutException("the deadline passed");
      }
      socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
    }

    @Override
    public int read() throws IOException {
      waitAtMostUntilTheDeadline();
      return super.read();
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      waitAtMostUntilTheDeadline();
      return super.read(buffer, offset, length);
    }
  }
}
