package io.inboxcheck.http;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * One webhook delivery over a plain socket, sent and read in the calling thread, for a kill that
 * must land the moment the answer is read: the JDK's client hands an answer from its selector
 * thread to the caller, which on a loaded machine can take longer than a receiver needs to COMMIT
 * after answering. HTTP/1.1 with {@code Connection: close}, an answer with a {@code Content-Length}
 * (the receiver protocol's answers have one), every read bounded by the timeout.
 */
final class DirectDelivery {
  /** The largest answer read; the protocol's answers are a few hundred bytes. */
  static final int MAX_ANSWER_BYTES = 1 << 20;

  private DirectDelivery() {}

  /** Sends {@code body} to {@code base}'s webhook and reads the whole answer. */
  static ReceiverClient.Answer send(
      URI base, String body, Map<String, String> headers, Duration timeout) throws IOException {
    byte[] payload = body.getBytes(StandardCharsets.UTF_8);
    StringBuilder request = new StringBuilder("POST /webhook HTTP/1.1\r\n");
    request.append("Host: ").append(base.getHost()).append(':').append(base.getPort());
    request.append("\r\nContent-Type: application/json\r\nConnection: close\r\n");
    request.append("Content-Length: ").append(payload.length).append("\r\n");
    headers.forEach(
        (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
    request.append("\r\n");
    try (Socket socket = new Socket()) {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout((int) timeout.toMillis());
      socket.connect(
          new InetSocketAddress(base.getHost(), base.getPort()), (int) timeout.toMillis());
      OutputStream out = socket.getOutputStream();
      out.write(request.toString().getBytes(StandardCharsets.US_ASCII));
      out.write(payload);
      out.flush();
      return answer(new BufferedInputStream(socket.getInputStream()));
    }
  }

  private static ReceiverClient.Answer answer(InputStream in) throws IOException {
    String head = head(in);
    String[] lines = head.split("\r\n");
    String[] status = lines[0].split(" ", 3);
    if (status.length < 2 || !status[0].startsWith("HTTP/")) {
      throw new IOException("not an HTTP answer: " + ProtocolValues.excerpt(lines[0]));
    }
    int length = 0;
    for (String line : lines) {
      int colon = line.indexOf(':');
      if (colon > 0
          && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("content-length")) {
        length = Integer.parseInt(line.substring(colon + 1).trim());
      }
    }
    if (length < 0 || length > MAX_ANSWER_BYTES) {
      throw new IOException("an answer of " + length + " bytes");
    }
    byte[] bytes = in.readNBytes(length);
    if (bytes.length < length) {
      throw new IOException("the answer ended after " + bytes.length + " of " + length + " bytes");
    }
    // Numbered by the caller (ReceiverClient.deliverDirect), which counts it in flight.
    return new ReceiverClient.Answer(
        Integer.parseInt(status[1]), new String(bytes, StandardCharsets.UTF_8), 0, false);
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
      if (head.size() > MAX_ANSWER_BYTES) {
        throw new IOException("an answer's head longer than " + MAX_ANSWER_BYTES + " bytes");
      }
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }
}
