package com.example.inbox;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /webhook}: the body goes into the inbox as received and the answer is 202 once it is
 * stored; its decision comes later. A body is never refused for what it holds: one that cannot be
 * read is accepted too and held MALFORMED, since a provider would retry a refusal for days (SPEC
 * section 1.5).
 */
@RestController
public class WebhookController {
  private final Acceptance acceptance;

  WebhookController(Acceptance acceptance) {
    this.acceptance = acceptance;
  }

  @PostMapping("/webhook")
  ResponseEntity<Map<String, Object>> webhook(@RequestBody(required = false) byte[] body) {
    try {
      acceptance.accept(text(body == null ? new byte[0] : body));
    } catch (Acceptance.NotAccepted notAccepted) {
      return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
          .body(Map.of("error", notAccepted.getMessage()));
    }
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(Map.of());
  }

  /** The body as text; bytes that are not UTF-8 become text that is not JSON. */
  private static String text(byte[] body) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body))
          .toString();
    } catch (CharacterCodingException notUtf8) {
      return "not UTF-8: " + new String(body, StandardCharsets.UTF_8);
    }
  }
}
