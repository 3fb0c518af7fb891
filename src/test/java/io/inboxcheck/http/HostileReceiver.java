package io.inboxcheck.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A receiver on 127.0.0.1 that answers every request in one hostile way, over a raw socket so the
 * answer is exactly what the behaviour says. It counts the body bytes it managed to write, so a
 * test can show the harness stopped reading instead of taking everything.
 */
final class HostileReceiver implements AutoCloseable {
  /** 300 MB: what a broken receiver dumping a table might send. */
  static final long HUGE_BYTES = 300L * 1024 * 1024;

  /** How the receiver answers. */
  enum Behaviour {
    /** A chunked answer of 300 MB, written as fast as it is read. */
    HUGE_CHUNKED,
    /** A {@code Content-Length} of 300 MB, then the bytes as fast as they are read. */
    HUGE_DECLARED,
    /** A {@code Content-Length} of 100, then one byte a second. */
    DRIP,
    /** A chunked answer whose chunks keep coming, a small one every 100 ms, and never end. */
    ENDLESS_CHUNKED,
    /** A 200 whose JSON body holds a byte that is not UTF-8. */
    NOT_UTF8,
    /** A 200 with a body that says it is HTML. */
    WRONG_CONTENT_TYPE,
    /** A {@code Content-Length} of 1,000, then 10 bytes and the connection closed. */
    CLOSED_HALFWAY
  }

  private final ServerSocket server;
  private final Behaviour behaviour;
  private final AtomicLong bodyBytesWritten = new AtomicLong();
  private final List<Socket> connections = new CopyOnWriteArrayList<>();

  HostileReceiver(Behaviour behaviour) throws IOException {
    this.behaviour = behaviour;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "hostile receiver " + behaviour);
    acceptor.setDaemon(true);
    acceptor.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getLocalPort();
  }

  long bodyBytesWritten() {
    return bodyBytesWritten.get();
  }

  private void accept() {
    try {
      while (true) {
        Socket socket = server.accept();
        connections.add(socket);
        Thread answering = new Thread(() -> answer(socket), "hostile answer " + behaviour);
        answering.setDaemon(true);
        answering.start();
      }
    } catch (IOException closed) {
      // The test is over.
    }
  }

  private void answer(Socket socket) {
    try (socket) {
      readRequest(socket.getInputStream());
      OutputStream out = socket.getOutputStream();
      switch (behaviour) {
        case HUGE_CHUNKED -> huge(out, true);
        case HUGE_DECLARED -> huge(out, false);
        case DRIP -> drip(out);
        case ENDLESS_CHUNKED -> endless(out);
        case NOT_UTF8 -> whole(out, "application/json", bytes("{\"protocol\": \"\u00ff\"}", true));
        case WRONG_CONTENT_TYPE -> whole(out, "text/html", bytes("<html>hello</html>", false));
        case CLOSED_HALFWAY -> {
          head(out, "Content-Type: application/json\r\nContent-Length: 1000");
          write(out, "{\"protocol\"".getBytes(StandardCharsets.US_ASCII));
        }
      }
    } catch (IOException | InterruptedException gone) {
      // The harness closed the connection: exactly what a bounded reader does.
    }
  }

  /** The request's head and its body, read whole and thrown away. */
  private static void readRequest(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int next = in.read();
      if (next < 0) {
        return;
      }
      head.write(next);
      matched = next == "\r\n\r\n".charAt(matched) ? matched + 1 : (next == '\r' ? 1 : 0);
    }
    long length = 0;
    for (String line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Long.parseLong(line.substring("content-length:".length()).trim());
      }
    }
    in.readNBytes((int) length);
  }

  private static byte[] bytes(String text, boolean withLatin1) {
    return text.getBytes(withLatin1 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
  }

  private static void head(OutputStream out, String headers) throws IOException {
    out.write(("HTTP/1.1 200 OK\r\n" + headers + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  private void write(OutputStream out, byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
    bodyBytesWritten.addAndGet(bytes.length);
  }

  private void whole(OutputStream out, String contentType, byte[] body) throws IOException {
    head(out, "Content-Type: " + contentType + "\r\nContent-Length: " + body.length);
    write(out, body);
  }

  private void huge(OutputStream out, boolean chunked) throws IOException {
    head(
        out,
        "Content-Type: application/json\r\n"
            + (chunked ? "Transfer-Encoding: chunked" : "Content-Length: " + HUGE_BYTES));
    byte[] spaces = " ".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII);
    byte[] chunkHead = (Integer.toHexString(spaces.length) + "\r\n").getBytes();
    for (long sent = 0; sent < HUGE_BYTES; sent += spaces.length) {
      if (chunked) {
        out.write(chunkHead);
      }
      out.write(spaces);
      bodyBytesWritten.addAndGet(spaces.length);
      if (chunked) {
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
      }
    }
    if (chunked) {
      out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    out.flush();
  }

  private void drip(OutputStream out) throws IOException, InterruptedException {
    head(out, "Content-Type: application/json\r\nContent-Length: 100");
    for (int sent = 0; sent < 100; sent++) {
      write(out, new byte[] {' '});
      Thread.sleep(1000);
    }
  }

  private void endless(OutputStream out) throws IOException, InterruptedException {
    head(out, "Content-Type: application/json\r\nTransfer-Encoding: chunked");
    while (true) {
      write(out, "1\r\n \r\n".getBytes(StandardCharsets.US_ASCII));
      Thread.sleep(100);
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket socket : connections) {
      socket.close();
    }
  }
}
