package io.github.asynctask.context;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;

import org.jspecify.annotations.Nullable;

import org.springframework.context.i18n.LocaleContext;
import org.springframework.context.i18n.LocaleContextThreadLocalAccessor;
import org.springframework.context.i18n.SimpleTimeZoneAwareLocaleContext;
import org.springframework.context.i18n.TimeZoneAwareLocaleContext;

/**
 * Carries Spring's {@code LocaleContextHolder} (the request's locale, and its time zone
 * when there is one) as {@code {"locale":"de-DE","timeZone":"Europe/Berlin"}} in the
 * header {@code context.locale}; the worker sets a
 * {@link SimpleTimeZoneAwareLocaleContext} around the body, so messages and formats
 * follow the caller's locale.
 */
public final class LocaleContextCodec extends AccessorCodec<LocaleContext> {

	public LocaleContextCodec() {
		super("locale", new LocaleContextThreadLocalAccessor());
	}

	@Override
	public @Nullable String encode(LocaleContext value) {
		Locale locale = value.getLocale();
		if (locale == null) {
			return null;
		}
		Map<String, String> object = new LinkedHashMap<>();
		object.put("locale", locale.toLanguageTag());
		if (value instanceof TimeZoneAwareLocaleContext zoned && zoned.getTimeZone() != null) {
			object.put("timeZone", zoned.getTimeZone().getID());
		}
		return JsonText.write(object);
	}

	@Override
	public LocaleContext decode(String text) {
		Map<String, Object> object = JsonText.read(text, "Locale");
		if (!(object.get("locale") instanceof String tag)) {
			throw new IllegalArgumentException("Locale header has no \"locale\" language tag: " + text);
		}
		TimeZone zone = (object.get("timeZone") instanceof String id) ? TimeZone.getTimeZone(id) : null;
		return new SimpleTimeZoneAwareLocaleContext(Locale.forLanguageTag(tag), zone);
	}

}
