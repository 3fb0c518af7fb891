package io.inboxcheck.profile;

/**
 * One documented fact about a provider, with where it comes from.
 *
 * @param value the fact, or null where the provider documents nothing (no manual redelivery, no
 *     published schedule, no attempt header)
 * @param source the provider's page that states it, or, when {@code verified} is false, the pages
 *     searched that do not settle it
 * @param verified whether a page of the provider's own public documentation confirms the fact
 * @param note why the value reads as it does, or empty
 */
public record Fact<T>(T value, String source, boolean verified, String note) {

  public Fact {
    note = note == null ? "" : note;
  }

  /** The value, marked with {@code *} when it was not checked against the provider's docs. */
  public String shown(String text) {
    return verified ? text : text + "*";
  }
}
