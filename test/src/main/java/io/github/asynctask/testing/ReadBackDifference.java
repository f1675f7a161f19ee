package io.github.asynctask.testing;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * Where an argument read back by the codec differs from the one passed: compares the
 * state of both, field by field, into collections, maps and arrays, because the objects
 * that lose data (JPA entities) compare by identity or by id. A type's own {@code equals}
 * still settles a difference (a cached hash, a lazily built field), except for JPA
 * entities, whose {@code equals} by id would hide exactly the loss looked for. Properties
 * the codec is told to leave out ({@link ReadBackProperties}) are not compared.
 */
final class ReadBackDifference {

	private static final int MAX_DEPTH = 100;

	// passed object -> the read-back object it is being compared with (cycles)
	private final Map<Object, Object> comparing = new IdentityHashMap<>();

	private ReadBackDifference() {
	}

	/**
	 * The first difference, e.g. {@code "owner.pets: 2 elements passed, 0 read back"};
	 * {@code null} when there is none.
	 * @param name the path's root, the parameter's name
	 */
	static @Nullable String of(String name, @Nullable Object passed, @Nullable Object readBack) {
		return new ReadBackDifference().compare(name, passed, readBack, 0);
	}

	private @Nullable String compare(String path, @Nullable Object passed, @Nullable Object readBack, int depth) {
		Object value = HibernateProxies.unwrap(passed);
		if (value == readBack || depth > MAX_DEPTH) {
			return null;
		}
		if (value == null || readBack == null) {
			return (isEmpty(value) && isEmpty(readBack)) ? null
					: path + ": " + describe(value) + " passed, " + describe(readBack) + " read back";
		}
		if (value instanceof Optional<?> optional && readBack instanceof Optional<?> other) {
			return compare(path, optional.orElse(null), other.orElse(null), depth + 1);
		}
		if (value.getClass().isArray() && readBack.getClass().isArray()) {
			return compareElements(path, arrayElements(value), arrayElements(readBack), depth);
		}
		if (value instanceof Set<?> set && readBack instanceof Collection<?> other) {
			return compareUnordered(path, set, other, depth);
		}
		if (value instanceof Collection<?> collection && readBack instanceof Collection<?> other) {
			return compareElements(path, new ArrayList<>(collection), new ArrayList<>(other), depth);
		}
		if (value instanceof Map<?, ?> map && readBack instanceof Map<?, ?> other) {
			return compareMaps(path, map, other, depth);
		}
		if (isPlainValue(value.getClass())) {
			return plainEquals(value, readBack) ? null
					: path + ": " + describe(value) + " passed, " + describe(readBack) + " read back";
		}
		if (this.comparing.get(value) == readBack) {
			return null;
		}
		this.comparing.put(value, readBack);
		String difference = compareFields(path, value, readBack, depth);
		return (difference != null && ownEqualsSettles(value, readBack)) ? null : difference;
	}

	private @Nullable String compareFields(String path, Object passed, Object readBack, int depth) {
		if (!readBack.getClass().isInstance(passed)) {
			return path + ": a " + passed.getClass().getName() + " passed, a " + readBack.getClass().getName()
					+ " read back";
		}
		for (ReadBackProperties.Property property : ReadBackProperties.of(readBack.getClass())) {
			Object passedValue;
			try {
				passedValue = property.read(passed);
			}
			catch (RuntimeException ex) {
				// e.g. a lazy collection whose session is closed
				return path + "." + property.name() + ": the value passed cannot be read (" + ex + ")";
			}
			String difference = compare(path + "." + property.name(), passedValue, property.read(readBack), depth + 1);
			if (difference != null) {
				return difference;
			}
		}
		return null;
	}

	private @Nullable String compareElements(String path, List<?> passed, List<?> readBack, int depth) {
		if (passed.size() != readBack.size()) {
			return path + ": " + count(passed.size()) + " passed, " + readBack.size() + " read back";
		}
		for (int i = 0; i < passed.size(); i++) {
			String difference = compare(path + "[" + i + "]", passed.get(i), readBack.get(i), depth + 1);
			if (difference != null) {
				return difference;
			}
		}
		return null;
	}

	// Each element passed must match one read back; a set's order is not kept.
	private @Nullable String compareUnordered(String path, Collection<?> passed, Collection<?> readBack, int depth) {
		if (passed.size() != readBack.size()) {
			return path + ": " + count(passed.size()) + " passed, " + readBack.size() + " read back";
		}
		List<Object> unmatched = new ArrayList<>(readBack);
		for (Object element : passed) {
			Iterator<Object> candidates = unmatched.iterator();
			boolean found = false;
			while (!found && candidates.hasNext()) {
				// a candidate that does not match must leave no pairs behind
				Map<Object, Object> before = new IdentityHashMap<>(this.comparing);
				found = compare(path, element, candidates.next(), depth + 1) == null;
				if (found) {
					candidates.remove();
				}
				else {
					this.comparing.clear();
					this.comparing.putAll(before);
				}
			}
			if (!found) {
				return path + ": element " + describe(element) + " passed has no equal read back";
			}
		}
		return null;
	}

	private @Nullable String compareMaps(String path, Map<?, ?> passed, Map<?, ?> readBack, int depth) {
		if (passed.size() != readBack.size()) {
			return path + ": " + passed.size() + " entries passed, " + readBack.size() + " read back";
		}
		for (Map.Entry<?, ?> entry : passed.entrySet()) {
			if (!readBack.containsKey(entry.getKey())) {
				return path + ": key " + describe(entry.getKey()) + " passed, not read back";
			}
			String difference = compare(path + "[" + entry.getKey() + "]", entry.getValue(),
					readBack.get(entry.getKey()), depth + 1);
			if (difference != null) {
				return difference;
			}
		}
		return null;
	}

	private static boolean ownEqualsSettles(Object passed, Object readBack) {
		try {
			return passed.getClass().getMethod("equals", Object.class).getDeclaringClass() != Object.class
					&& !passed.getClass().isRecord() && !ReadBackProperties.isEntity(passed.getClass())
					&& passed.equals(readBack);
		}
		catch (NoSuchMethodException ex) {
			return false;
		}
	}

	/** JDK types, primitives and enums: compared by value, not field by field. */
	private static boolean isPlainValue(Class<?> type) {
		String name = type.getName();
		return type.isPrimitive() || type.isEnum() || name.startsWith("java.") || name.startsWith("javax.")
				|| name.startsWith("jdk.");
	}

	private static boolean plainEquals(Object passed, Object readBack) {
		if (passed instanceof BigDecimal decimal && readBack instanceof BigDecimal other) {
			return decimal.compareTo(other) == 0;
		}
		if (passed instanceof Date date && readBack instanceof Date other) {
			// a JPA entity holds java.sql.Timestamp, the codec reads java.util.Date
			return date.getTime() == other.getTime();
		}
		if (passed instanceof ZonedDateTime time && readBack instanceof ZonedDateTime other) {
			// written with its offset: "UTC" comes back as "Z", the same instant and
			// offset
			return time.toOffsetDateTime().equals(other.toOffsetDateTime());
		}
		return passed.equals(readBack) || (!overridesEquals(passed) && passed.toString().equals(readBack.toString()));
	}

	private static boolean overridesEquals(Object value) {
		try {
			return value.getClass().getMethod("equals", Object.class).getDeclaringClass() != Object.class;
		}
		catch (NoSuchMethodException ex) {
			return false;
		}
	}

	private static boolean isEmpty(@Nullable Object value) {
		return value == null || (value instanceof Collection<?> collection && collection.isEmpty())
				|| (value instanceof Map<?, ?> map && map.isEmpty())
				|| (value instanceof Optional<?> optional && optional.isEmpty());
	}

	private static List<@Nullable Object> arrayElements(Object array) {
		List<@Nullable Object> elements = new ArrayList<>(Array.getLength(array));
		for (int i = 0; i < Array.getLength(array); i++) {
			elements.add(Array.get(array, i));
		}
		return elements;
	}

	private static String count(int size) {
		return size + ((size == 1) ? " element" : " elements");
	}

	private static String describe(@Nullable Object value) {
		if (value == null) {
			return "null";
		}
		if (value instanceof Collection<?> collection) {
			return count(collection.size());
		}
		if (value instanceof Map<?, ?> map) {
			return map.size() + " entries";
		}
		if (value instanceof CharSequence) {
			return "\"" + value + "\"";
		}
		return isPlainValue(value.getClass()) ? Objects.toString(value) : "a " + value.getClass().getSimpleName();
	}

}
