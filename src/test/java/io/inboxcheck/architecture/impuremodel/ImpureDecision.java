package io.inboxcheck.architecture.impuremodel;

import com.fasterxml.jackson.databind.ObjectMapper;

/** A deliberately impure "model" class: the purity rule must reject it. */
public final class ImpureDecision {
  private ImpureDecision() {}

  public static String decide(Object input) throws Exception {
    return new ObjectMapper().writeValueAsString(input);
  }
}
