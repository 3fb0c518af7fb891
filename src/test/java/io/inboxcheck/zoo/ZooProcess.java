package io.inboxcheck.zoo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.JsonLimits;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One zoo receiver as a process, so that {@code check --crash} can kill it: {@code exec:java -cp
 * CLASSPATH io.inboxcheck.zoo.ZooProcess NAME} serves the zoo receiver {@code NAME} over
 * inboxcheck-receiver-protocol/1 (docs/receiver-protocol.md).
 *
 * <p>Its durable state is a journal under {@code INBOXCHECK_DATA}, rewritten atomically (a new file
 * moved over the old) after every change: the setup, then each request that changed something. A
 * restarted process replays the journal into a fresh receiver, which is deterministic, so it
 * carries on where the last one stopped. A delivery is journalled as begun before the receiver
 * handles it and as done after, with {@link #WORK} of work between, as a real receiver's write
 * takes time; a delivery a kill interrupted is replayed as one whose write failed, which is what it
 * was. Whatever a receiver does when a write fails (nothing, for a correct one; leave its "in
 * progress" mark, for {@link StuckInProgressReceiver}) it does after the restart too.
 */
public final class ZooProcess {
  /** How long a delivery's work takes between its beginning and its decision being recorded. */
  static final Duration WORK = Duration.ofMillis(50);

  /**
   * {@code two-transactions}: how long publishing the event takes between the decision recorded and
   * the card written ({@link TwoTransactionsReceiver}).
   */
  static final Duration PUBLISH = Duration.ofMillis(60);

  /** {@code compact-on-start}: warming a cache at each start, before the journal is compacted. */
  static final Duration WARM = Duration.ofMillis(100);

  /**
   * {@code compact-on-start}: the shortest vacuum before the address, while the journal holds the
   * setup alone; it runs half as long again after the address. A vacuum takes twice as long as the
   * JVM took to reach it, when that is longer: a loaded machine vacuums slowly too, so the window
   * keeps its share of a start however long the start takes, and a kill drawn at a share of the
   * measured start lands in it again when rerun under another load.
   */
  static final Duration VACUUM = Duration.ofMillis(500);

  private static final String JOURNAL = "journal.json";
  private static final StrictJson JSON =
      new StrictJson(
          new JsonLimits(
                  32 * 1024 * 1024,
                  JsonLimits.DEFAULT.maxNestingDepth(),
                  JsonLimits.DEFAULT.maxNumberLength(),
                  JsonLimits.DEFAULT.maxStringLength())
              .withStringsAsLongAsTheInput());

  private final Function<ReceiverSetup, Receiver> factory;
  private final Path data;
  private final List<JsonObject> journal = new ArrayList<>();
  private Receiver receiver;
  private int arrivals;
  private boolean failNextWrite;
  private Duration vacuum = VACUUM;

  private ZooProcess(Function<ReceiverSetup, Receiver> factory, Path data) {
    this.factory = factory;
    this.data = data;
  }

  /**
   * Serves the zoo receiver named by the first argument, the model for {@code model}, the model
   * written in two steps for {@code two-transactions}, or the model whose every start compacts its
   * journal for {@code compact-on-start} ({@link #beginCompaction}).
   */
  public static void main(String[] args) throws IOException, InputRejected {
    String name = args.length == 1 ? args[0] : "";
    Function<ReceiverSetup, Receiver> factory =
        switch (name) {
          case "model" -> ModelReceiver::new;
          case "two-transactions" -> TwoTransactionsReceiver::new;
          case "compact-on-start" -> ModelReceiver::new;
          default -> null;
        };
    // The entry whose class is named like the receiver first: naming an entry creates its
    // receiver, and creating them all would slow every start after a kill.
    String className = classNameOf(name);
    for (Zoo.Entry entry :
        Zoo.RECEIVERS.stream()
            .sorted(Comparator.comparing(entry -> !entry.type().getSimpleName().equals(className)))
            .toList()) {
      if (factory == null && entry.name().equals(name)) {
        factory = entry.factory();
      }
    }
    String secret = System.getenv("INBOXCHECK_CONTROL_SECRET");
    if (factory == null || secret == null || System.getenv("INBOXCHECK_DATA") == null) {
      System.err.println(
          "usage: ZooProcess NAME (a zoo receiver's name, model, two-transactions or"
              + " compact-on-start), started by inboxcheck's exec: with INBOXCHECK_CONTROL_SECRET"
              + " and INBOXCHECK_DATA set; got "
              + name);
      System.exit(2);
    }
    ZooProcess process = new ZooProcess(factory, Path.of(System.getenv("INBOXCHECK_DATA")));
    Files.createDirectories(process.data);
    Path compacting = name.equals("compact-on-start") ? process.beginCompaction() : null;
    process.recover(compacting != null ? compacting : process.data.resolve(JOURNAL));
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/webhook", exchange -> process.handle(exchange, secret, "webhook"));
    server.createContext("/inboxcheck/", exchange -> process.handle(exchange, secret, null));
    server.start();
    warmUp(server, process.data);
    synchronized (process) { // requests wait until the compaction ends: handle is synchronized
      System.out.println("http://127.0.0.1:" + server.getAddress().getPort());
      System.out.flush();
      if (compacting != null) {
        process.endCompaction(compacting);
      }
    }
  }

  /**
   * The {@code compact-on-start} mistake, up to its address: each start warms a cache, sets the
   * journal aside, writes the setup alone in its place and vacuums. A start that finds a journal
   * set aside takes it for the leftover of a compaction that failed and drops it, so a kill before
   * {@link #endCompaction} loses everything but the setup. Every decision is the model's: only
   * {@code check --crash}, killing during a start, sees it.
   *
   * @return the journal set aside, which this start recovers from; null when there was none
   */
  private Path beginCompaction() throws IOException, InputRejected {
    Path file = data.resolve(JOURNAL);
    Path aside = data.resolve(JOURNAL + ".aside");
    Files.deleteIfExists(aside);
    if (!Files.exists(file)) {
      return null;
    }
    vacuum =
        Duration.ofMillis(
            Math.max(VACUUM.toMillis(), 2 * ManagementFactory.getRuntimeMXBean().getUptime()));
    sleep(WARM);
    Files.copy(file, aside);
    JsonArray stored = (JsonArray) JSON.parse(JOURNAL, Files.readString(aside));
    journal.add((JsonObject) stored.elements().get(0));
    persist();
    journal.clear();
    sleep(vacuum);
    return aside;
  }

  /**
   * The {@code compact-on-start} mistake, once its address is printed: the vacuum runs on for half
   * as long again while requests wait, then the journal set aside is moved back. A kill drawn past
   * the end of the measured start (a slower start than the ones measured) lands in the window too.
   */
  private void endCompaction(Path aside) throws IOException {
    sleep(vacuum.dividedBy(2));
    Files.move(
        aside,
        data.resolve(JOURNAL),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  /** {@code stuck-in-progress} as its class is usually named: {@code StuckInProgressReceiver}. */
  private static String classNameOf(String name) {
    StringBuilder camel = new StringBuilder();
    for (String word : name.split("-")) {
      if (!word.isEmpty()) {
        camel.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
      }
    }
    return camel + "Receiver";
  }

  /**
   * Runs once through what a delivery does before its mark is durable (a request served, JSON read
   * and written, a file moved over another) before the address is printed. A fresh JVM loads those
   * classes on first use, which takes milliseconds: a kill drawn a few milliseconds after the first
   * delivery was sent would land before the mark by the JVM's doing, not the receiver's, and a
   * shrinking candidate would fail one run and pass the next.
   */
  private static void warmUp(HttpServer server, Path data) throws IOException, InputRejected {
    Path scratch = data.resolve("warm-up.json");
    Files.writeString(scratch, JSON.parse("warm-up", "{\"op\":[1,\"x\",true]}").canonicalText());
    Files.move(
        scratch,
        data.resolve("warm-up.done"),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
    Files.delete(data.resolve("warm-up.done"));
    java.net.HttpURLConnection connection =
        (java.net.HttpURLConnection)
            java.net
                .URI
                .create("http://127.0.0.1:" + server.getAddress().getPort() + "/inboxcheck/view")
                .toURL()
                .openConnection();
    connection.getResponseCode(); // 403: no secret; the path through the handler is loaded
    connection.disconnect();
  }

  /** One request at a time: the journal is the order of requests. */
  private synchronized void handle(HttpExchange exchange, String secret, String path)
      throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    String route = path != null ? path : exchange.getRequestURI().getPath().substring(12);
    if (path == null
        && !secret.equals(exchange.getRequestHeaders().getFirst("Inboxcheck-Secret"))) {
      answer(exchange, 403, error("wrong or missing Inboxcheck-Secret"));
      return;
    }
    try {
      switch (route) {
        case "webhook" -> deliver(exchange, body);
        case "reset" -> {
          journal.clear();
          journal.add(operation("reset", "setup", JSON.parse("reset", body)));
          persist();
          recover(data.resolve(JOURNAL));
          answer(
              exchange,
              200,
              JsonObject.of(Map.of("protocol", new JsonString(ProtocolView.PROTOCOL))));
        }
        case "clock" -> {
          JsonObject request = (JsonObject) JSON.parse("clock", body);
          List<String> before = identityIds();
          apply(operation("clock", "time", request.get("time").orElseThrow()));
          List<String> pruned = new ArrayList<>(before);
          pruned.removeAll(identityIds());
          answer(
              exchange,
              200,
              JsonObject.of(
                  Map.of(
                      "clock", new JsonString(receiver.view().clock().toString()),
                      "pruned",
                          new JsonArray(
                              pruned.stream()
                                  .map(id -> (JsonValue) new JsonString(id))
                                  .toList()))));
        }
        case "reconcile" -> {
          JsonObject request = (JsonObject) JSON.parse("reconcile", body);
          JsonObject answer =
              ProtocolView.reconciled(
                  receiver.reconcile(arrivals, authority(request.get("objects").orElseThrow())));
          journal.add(operation("reconcile", "objects", request.get("objects").orElseThrow()));
          persist();
          answer(exchange, 200, answer);
        }
        case "view" -> answer(exchange, 200, ProtocolView.view(receiver.view()));
        case "fail-next-write" -> {
          failNextWrite = true; // in memory: the delivery follows at once (the protocol says so)
          answer(exchange, 200, JsonObject.of(Map.of("armed", JsonBoolean.TRUE)));
        }
        default -> answer(exchange, 404, error("no such path: " + route));
      }
    } catch (InputRejected | RuntimeException e) {
      answer(exchange, 400, error(e.toString()));
    } catch (IOException | Error e) {
      answer(exchange, 500, error(e.toString()));
    }
  }

  private void deliver(HttpExchange exchange, String text) throws IOException {
    boolean fault = failNextWrite;
    failNextWrite = false;
    JsonObject begun =
        operation("deliver", "text", new JsonString(text))
            .with("fault", new JsonBoolean(fault))
            .with("done", JsonBoolean.FALSE);
    journal.add(begun);
    persist();
    sleep(WORK);
    DeliveryResult result = deliverToReceiver(text, fault);
    if (receiver instanceof TwoTransactionsReceiver) {
      // The decision and its audit entry are recorded; the card is written after the publish.
      JsonObject decided = begun.with("done", JsonBoolean.TRUE);
      journal.set(journal.size() - 1, decided.with("card_written", JsonBoolean.FALSE));
      persist();
      sleep(PUBLISH);
      journal.set(journal.size() - 1, decided.with("card_written", JsonBoolean.TRUE));
    } else {
      journal.set(journal.size() - 1, begun.with("done", JsonBoolean.TRUE));
    }
    persist();
    if (result.ack() != Ack.ACK) {
      answer(
          exchange,
          fault ? 503 : 409,
          error(fault ? "the write failed" : "the receiver refused the delivery"));
      return;
    }
    answer(exchange, 200, ProtocolView.decision(result.decision()));
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private DeliveryResult deliverToReceiver(String text, boolean fault) {
    DeliveryResult result =
        receiver.deliver(arrivals + 1, envelope(text), new Transport(false, null, fault));
    if (result.ack() == Ack.ACK) {
      arrivals++;
    }
    return result;
  }

  /** Starts from the journal in {@code file}: the setup, then every change in order. */
  private void recover(Path file) throws IOException, InputRejected {
    if (journal.isEmpty() && Files.exists(file)) {
      JsonArray stored = (JsonArray) JSON.parse(JOURNAL, Files.readString(file));
      stored.elements().forEach(operation -> journal.add((JsonObject) operation));
    }
    receiver = null;
    arrivals = 0;
    List<JsonObject> operations = List.copyOf(journal);
    journal.clear();
    for (JsonObject operation : operations) {
      journal.add(operation);
      replay(operation);
    }
  }

  private void apply(JsonObject operation) throws IOException {
    replay(operation);
    journal.add(operation);
    persist();
  }

  private void replay(JsonObject operation) {
    String kind = ((JsonString) operation.get("op").orElseThrow()).value();
    switch (kind) {
      case "reset" ->
          receiver = factory.apply(setup((JsonObject) operation.get("setup").orElseThrow()));
      case "clock" ->
          receiver.advanceClock(
              arrivals, Instant.parse(((JsonString) operation.get("time").orElseThrow()).value()));
      case "reconcile" ->
          receiver.reconcile(arrivals, authority(operation.get("objects").orElseThrow()));
      default -> {
        // A delivery a kill interrupted never had its write done: replayed as a failed write.
        boolean failed =
            operation.get("fault").orElseThrow().equals(JsonBoolean.TRUE)
                || operation.get("done").orElseThrow().equals(JsonBoolean.FALSE);
        String text = ((JsonString) operation.get("text").orElseThrow()).value();
        if (operation.get("card_written").filter(JsonBoolean.FALSE::equals).isPresent()) {
          // A kill came between the two steps: the decision is recorded, the card never written.
          TwoTransactionsReceiver twoSteps = (TwoTransactionsReceiver) receiver;
          SortedMap<String, Card> before = twoSteps.cards();
          deliverToReceiver(text, failed);
          twoSteps.unwrite(before);
        } else {
          deliverToReceiver(text, failed);
        }
      }
    }
  }

  /** Writes the journal to a new file and moves it over the old one: never half written. */
  private void persist() throws IOException {
    Path next = data.resolve(JOURNAL + ".next");
    Files.writeString(next, new JsonArray(List.copyOf(journal)).canonicalText());
    Files.move(
        next,
        data.resolve(JOURNAL),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  private List<String> identityIds() {
    List<String> ids = new ArrayList<>();
    receiver.view().identities().forEach(record -> ids.add(record.eventId()));
    return ids;
  }

  private static Envelope envelope(String text) {
    try {
      return new Envelope(JSON.parse("envelope", text), text);
    } catch (InputRejected notJson) {
      return new Envelope(new JsonString(text), text);
    }
  }

  private static ReceiverSetup setup(JsonObject request) {
    SortedMap<String, Card> initial = new TreeMap<>();
    authority(request.get("initial").orElseThrow())
        .forEach((id, card) -> initial.put(id, card.asCard()));
    Set<String> types = new HashSet<>();
    ((JsonArray) request.get("supported_types").orElseThrow())
        .elements()
        .forEach(type -> types.add(((JsonString) type).value()));
    return new ReceiverSetup(
        initial,
        types,
        Duration.parse(((JsonString) request.get("retention").orElseThrow()).value()),
        Instant.parse(((JsonString) request.get("start").orElseThrow()).value()));
  }

  private static SortedMap<String, AuthoritativeCard> authority(JsonValue objects) {
    SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
    ((JsonObject) objects)
        .members()
        .forEach(
            (id, value) -> {
              JsonObject card = (JsonObject) value;
              long version =
                  ((JsonNumber) card.get("version").orElseThrow()).value().longValueExact();
              authority.put(
                  id, new AuthoritativeCard(version, (JsonObject) card.get("state").orElseThrow()));
            });
    return authority;
  }

  private static JsonObject operation(String kind, String key, JsonValue value) {
    return JsonObject.of(Map.of("op", new JsonString(kind), key, value));
  }

  private static JsonObject error(String message) {
    return JsonObject.of(Map.of("error", new JsonString(message)));
  }

  private static void answer(HttpExchange exchange, int status, JsonObject body)
      throws IOException {
    byte[] bytes = body.canonicalText().getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
