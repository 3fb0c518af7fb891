package io.inboxcheck.report;

import java.util.Locale;

/** A number with its noun, in the singular for one ("1 step", "2 steps", "1,024 steps"). */
public final class Counted {
  private Counted() {}

  /** The count with the noun, its plural made by adding "s". */
  public static String of(long count, String noun) {
    return of(count, noun, noun + "s");
  }

  /** The count with the singular or the plural given. */
  public static String of(long count, String singular, String plural) {
    return String.format(Locale.ROOT, "%,d", count) + " " + (count == 1 ? singular : plural);
  }
}
