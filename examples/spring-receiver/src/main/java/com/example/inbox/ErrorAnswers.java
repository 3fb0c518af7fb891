package com.example.inbox;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.web.error.ErrorAttributeOptions;
import org.springframework.boot.web.servlet.error.DefaultErrorAttributes;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.WebRequest;

/** Every error the framework answers is one line, {@code {"error": "..."}}, and nothing else. */
@Component
public class ErrorAnswers extends DefaultErrorAttributes {
  @Override
  public Map<String, Object> getErrorAttributes(WebRequest request, ErrorAttributeOptions options) {
    Map<String, Object> all = super.getErrorAttributes(request, ErrorAttributeOptions.defaults());
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("error", all.get("status") + " " + all.get("error") + ": " + all.get("path"));
    return answer;
  }
}
