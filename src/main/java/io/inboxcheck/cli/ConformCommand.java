package io.inboxcheck.cli;

import io.inboxcheck.conform.BadLine;
import io.inboxcheck.conform.ConcatenatedLog;
import io.inboxcheck.conform.Conform;
import io.inboxcheck.conform.ConformReport;
import io.inboxcheck.conform.CsvFile;
import io.inboxcheck.conform.DatabaseTable;
import io.inboxcheck.conform.Divergence;
import io.inboxcheck.conform.EnvelopeBound;
import io.inboxcheck.conform.InitialFile;
import io.inboxcheck.conform.JsonLinesFile;
import io.inboxcheck.conform.Judge;
import io.inboxcheck.conform.LogSource;
import io.inboxcheck.conform.LogStart;
import io.inboxcheck.conform.MinimalScenario;
import io.inboxcheck.conform.StoreAuditTable;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.report.ShellWords;
import io.inboxcheck.scenario.Scenario;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code conform LOG...}: judges a receiver's recorded traffic against the model. */
@Command(
    name = "conform",
    mixinStandardHelpOptions = true,
    description =
        "Checks what a receiver really did: reads its recorded traffic in arrival order (JSON"
            + " Lines, CSV, or a database table), replays it through the reference model and judges"
            + " every recorded decision. Reports divergences, invariants the recorded history breaks,"
            + " and steps that cannot be judged because they depend on what came before the log, with"
            + " totals per kind; the first divergence of a delivery becomes a scenario replay can run."
            + " Reports: summary.md, summary.json, the scenario and its page beside the model, under"
            + " --reports. See docs/conform.md. Exit codes: 0 no divergence and no invariant broken, 1"
            + " a divergence or a broken invariant, 2 the input was rejected (one line naming where).")
final class ConformCommand implements Callable<Integer> {
  /** The password for --jdbc-url comes only from here, never from the command line. */
  static final String PASSWORD_VARIABLE = "INBOXCHECK_DB_PASSWORD";

  /** Formats of a log file. */
  enum Format {
    jsonl,
    csv
  }

  @Spec CommandSpec spec;

  @Parameters(
      arity = "0..*",
      paramLabel = "LOG",
      description = "Log files, read as one log in the order given (the parts of a rotated log).")
  List<Path> logs = new ArrayList<>();

  @Option(
      names = "--format",
      description = "jsonl or csv (default: csv for a file ending in .csv, else jsonl).")
  Format format;

  @Option(
      names = "--columns",
      split = ",",
      paramLabel = "FIELD=COLUMN",
      description =
          "CSV and tables: which column holds which field, e.g."
              + " event=body,received_at=ts,decision=outcome. Fields not mapped are read from the column"
              + " of the same name, if any (docs/conform.md lists the fields).")
  Map<String, String> columns = new LinkedHashMap<>();

  @Option(
      names = "--jdbc-url",
      paramLabel = "URL",
      description =
          "Read the log from a database over JDBC instead of files, in a read-only transaction;"
              + " the password comes from env "
              + PASSWORD_VARIABLE
              + " only.")
  String jdbcUrl;

  @Option(
      names = "--db-user",
      paramLabel = "USER",
      defaultValue = "${env:INBOXCHECK_DB_USER}",
      description = "With --jdbc-url: the user (env INBOXCHECK_DB_USER).")
  String databaseUser;

  @Option(
      names = "--db-schema",
      paramLabel = "NAME",
      description = "With --jdbc-url: the schema the query's tables are in (default: the user's).")
  String databaseSchema;

  @Option(
      names = "--query",
      paramLabel = "SQL",
      description = "With --jdbc-url: the query whose rows are the log, in arrival order.")
  String query;

  @Option(
      names = "--receiver-store",
      paramLabel = "STORE",
      description =
          "With --jdbc-url: read the audit table of inboxcheck's own PostgreSQL receiver"
              + " (postgres) without writing a query.")
  String receiverStore;

  @Option(
      names = "--initial",
      paramLabel = "FILE",
      description =
          "The cards where the log begins ({\"cards\": {...}, \"earlier_deliveries\": \"none\"}):"
              + " then a first sighting of a card, and with earlier_deliveries none a redelivery of an"
              + " id never seen in the log, are judged. Without it they are reported as not judged.")
  Path initial;

  @Option(
      names = "--retention",
      paramLabel = "DURATION",
      description =
          "The identity retention in force (ISO-8601; default PT24H, or the log's settings line).")
  Duration retention;

  @Option(
      names = "--supported-types",
      split = ",",
      paramLabel = "TYPE",
      description = "The event types the receiver supports (default card.snapshot).")
  List<String> supportedTypes;

  @Option(
      names = "--skip-bad-lines",
      description =
          "Count, list and skip lines that cannot be read, instead of rejecting the log at the"
              + " first (nothing is judged from a log not read whole).")
  boolean skipBadLines;

  @Option(
      names = "--max-envelope-size",
      paramLabel = "CHARS",
      description =
          "JSON Lines: the longest recorded envelope read, in characters (default: 26214400, 25"
              + " MiB, the largest body GitHub sends); a line may be twice that and 1 MiB more, for"
              + " escapes and its other fields.")
  long maxEnvelopeChars = EnvelopeBound.DEFAULT_CHARS;

  @Option(
      names = "--reports",
      paramLabel = "DIR",
      defaultValue = "reports/conform",
      description =
          "Where summary.md, summary.json and the first divergence's scenario go (default:"
              + " ${DEFAULT-VALUE}).")
  Path reports;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (maxEnvelopeChars < 1024) {
      err.println(
          "inboxcheck conform: --max-envelope-size must be at least 1024 characters, got "
              + maxEnvelopeChars);
      return ExitCodes.REJECTED;
    }
    StringBuilder problem = new StringBuilder();
    LogSource source = source(problem);
    if (source == null) {
      err.println("inboxcheck conform: " + problem);
      return ExitCodes.REJECTED;
    }
    try {
      LogStart start = initial == null ? LogStart.UNKNOWN : InitialFile.read(initial);
      Conform.Options options =
          new Conform.Options(start, settings(), skipBadLines, maxEnvelopeChars);
      Conform.Result result = Conform.run(source, options);
      ConformReport.Run run = report(source, options, result);
      out.print(ConformReport.console(run));
      List<Path> written = ConformReport.writeSummaries(reports, run);
      out.println("  reports: " + written.get(0) + ", " + written.get(1));
      out.flush();
      return result.conforms() ? ExitCodes.OK : ExitCodes.FAILED;
    } catch (InputRejected rejected) {
      err.println("inboxcheck conform: " + rejected.getMessage());
      return ExitCodes.REJECTED;
    } catch (BadLine bad) {
      err.println(
          "inboxcheck conform: "
              + bad.getMessage()
              + " (nothing judged: the log was not read whole; --skip-bad-lines skips such lines)");
      return ExitCodes.REJECTED;
    }
  }

  private Judge.Settings settings() {
    Set<String> types =
        supportedTypes == null || supportedTypes.isEmpty()
            ? Scenario.DEFAULT_SUPPORTED_TYPES
            : new LinkedHashSet<>(supportedTypes);
    return new Judge.Settings(
        retention == null ? Scenario.DEFAULT_RETENTION : retention, types, retention != null);
  }

  /** The first divergence as a scenario, then the run as reported. */
  private ConformReport.Run report(LogSource source, Conform.Options options, Conform.Result result)
      throws InputRejected, BadLine {
    String start = startWords(options.start());
    Divergence first = result.tally().firstReplayable();
    if (first == null) {
      String why =
          result.tally().divergenceCount() > 0
              ? "no divergence of a delivery: the reconciliations and prunings that differ are"
                  + " listed with their records"
              : null;
      return new ConformReport.Run(source.name(), start, result, null, why);
    }
    String name =
        ReportFiles.safeName(
            "conform-"
                + stem(source.name())
                + "-"
                + first.position().unit()
                + "-"
                + first.position().number());
    Optional<MinimalScenario.Found> found = MinimalScenario.of(source, options, first, name);
    if (found.isEmpty()) {
      return new ConformReport.Run(
          source.name(),
          start,
          result,
          null,
          "no set of the lines the policy reads for it shows the first divergence from a start a"
              + " scenario can state (e.g. a card paused before the log, or an authority whose"
              + " snapshot the log does not keep)");
    }
    ConformReport.Written written =
        ConformReport.writeScenario(reports, source.name(), first, found.get(), command());
    return new ConformReport.Run(source.name(), start, result, written, null);
  }

  private static String startWords(LogStart start) {
    if (start.cards() == null) {
      return "unknown (no --initial)";
    }
    return start.cards().size()
        + " cards known, "
        + (start.earlierDeliveries() ? "earlier deliveries unknown" : "nothing delivered before");
  }

  private static String stem(String name) {
    String file = Path.of(name.replaceAll("[^A-Za-z0-9._/-]+", "-")).getFileName().toString();
    int dot = file.lastIndexOf('.');
    return dot > 0 ? file.substring(0, dot) : file;
  }

  /** This command line as a person would type it again; it never holds a password. */
  private String command() {
    List<String> words = new ArrayList<>(List.of("java", "-jar", "target/inboxcheck.jar"));
    List<String> arguments = spec.commandLine().getParseResult().originalArgs();
    // The arguments as given to the top-level command start with this command's own name.
    words.addAll(
        arguments.isEmpty() || !arguments.get(0).equals("conform")
            ? List.of("conform")
            : List.of());
    words.addAll(arguments);
    return String.join(" ", words.stream().map(ShellWords::quote).toList());
  }

  // ---- the input
  // ---------------------------------------------------------------------------------

  private LogSource source(StringBuilder problem) {
    boolean database = jdbcUrl != null && !jdbcUrl.isBlank();
    if (database == !logs.isEmpty()) {
      problem.append(
          database
              ? "give log files or --jdbc-url, not both"
              : "give log files, or --jdbc-url with --query or --receiver-store");
      return null;
    }
    if (!database) {
      if (query != null || receiverStore != null || databaseSchema != null) {
        problem.append("--query, --receiver-store and --db-schema need --jdbc-url");
        return null;
      }
      List<LogSource> parts = new ArrayList<>();
      for (Path log : logs) {
        parts.add(
            fileFormat(log) == Format.csv ? new CsvFile(log, columns) : jsonLines(log, problem));
      }
      return problem.length() > 0 ? null : new ConcatenatedLog(parts);
    }
    return table(problem);
  }

  private LogSource jsonLines(Path log, StringBuilder problem) {
    if (!columns.isEmpty()) {
      problem.append("--columns maps the columns of CSV files and tables, not JSON Lines");
    }
    return new JsonLinesFile(log, maxEnvelopeChars);
  }

  private Format fileFormat(Path log) {
    if (format != null) {
      return format;
    }
    return log.toString().toLowerCase(Locale.ROOT).endsWith(".csv") ? Format.csv : Format.jsonl;
  }

  private LogSource table(StringBuilder problem) {
    if ((query == null) == (receiverStore == null)) {
      problem.append("with --jdbc-url give --query SQL or --receiver-store postgres, one of them");
      return null;
    }
    if (receiverStore != null && !StoreAuditTable.NAME.equals(receiverStore)) {
      problem
          .append("unknown --receiver-store \"")
          .append(receiverStore)
          .append("\"; available: ")
          .append(StoreAuditTable.NAME);
      return null;
    }
    if (databaseSchema != null && !DatabaseTable.plainSchemaName(databaseSchema)) {
      problem.append("--db-schema takes a plain lower-case name (letters, digits, _)");
      return null;
    }
    String password = System.getenv(PASSWORD_VARIABLE);
    if (receiverStore != null) {
      if (!columns.isEmpty()) {
        problem.append("--receiver-store reads the store's own columns; --columns is not needed");
        return null;
      }
      return StoreAuditTable.log(jdbcUrl, databaseUser, password, databaseSchema);
    }
    return new DatabaseTable(jdbcUrl, databaseUser, password, databaseSchema, query, columns);
  }
}
