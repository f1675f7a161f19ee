package io.github.asynctask.testing;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonBackReference;
import com.fasterxml.jackson.annotation.JsonIgnore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What counts as an argument read back different from the one passed.
 */
class ReadBackDifferenceTests {

	@Test
	void equalRecordsWithNestedCollectionsDoNotDiffer() {
		Basket passed = new Basket("b", List.of(new Item("x", 2)), Map.of("k", 1L));
		Basket readBack = new Basket("b", new ArrayList<>(List.of(new Item("x", 2))), Map.of("k", 1L));

		assertThat(ReadBackDifference.of("basket", passed, readBack)).isNull();
	}

	@Test
	void aLostElementIsNamedWithItsPath() {
		Basket passed = new Basket("b", List.of(new Item("x", 2), new Item("y", 1)), Map.of());
		Basket readBack = new Basket("b", List.of(new Item("x", 2), new Item("y", 0)), Map.of());

		assertThat(ReadBackDifference.of("basket", passed, readBack))
			.isEqualTo("basket.items[1].quantity: 1 passed, 0 read back");
	}

	@Test
	void setsAreComparedWithoutOrder() {
		Set<Item> passed = new LinkedHashSet<>(List.of(new Item("x", 1), new Item("y", 2)));
		Set<Item> readBack = new LinkedHashSet<>(List.of(new Item("y", 2), new Item("x", 1)));

		assertThat(ReadBackDifference.of("items", passed, readBack)).isNull();
		assertThat(ReadBackDifference.of("items", passed, Set.of(new Item("x", 1), new Item("y", 3))))
			.startsWith("items: element a Item passed has no equal read back");
	}

	@Test
	void valuesThatComeBackAsTheSameValueInAnotherFormDoNotDiffer() {
		long now = System.currentTimeMillis();

		assertThat(ReadBackDifference.of("price", new BigDecimal("1.50"), new BigDecimal("1.5"))).isNull();
		assertThat(ReadBackDifference.of("at", new Timestamp(now), new Date(now))).isNull();
		assertThat(ReadBackDifference.of("at", ZonedDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneId.of("UTC")),
				ZonedDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC)))
			.isNull();
		assertThat(ReadBackDifference.of("items", null, List.of())).isNull();
	}

	@Test
	void aFieldLeftOutOfJsonOnPurposeIsNotCompared() {
		Account passed = new Account("ada", "secret");

		assertThat(ReadBackDifference.of("account", passed, new Account("ada", null))).isNull();
		assertThat(ReadBackDifference.of("account", passed, new Account("bob", null)))
			.isEqualTo("account.name: \"ada\" passed, \"bob\" read back");
	}

	@Test
	void aBackReferenceIsNotFollowed() {
		Parent passed = new Parent();
		passed.children.add(new Child(passed, "c"));
		Parent readBack = new Parent();
		readBack.children.add(new Child(null, "c"));

		assertThat(ReadBackDifference.of("parent", passed, readBack)).isNull();
	}

	@Test
	void aTypesOwnEqualsSettlesAFieldItDoesNotCount() {
		assertThat(ReadBackDifference.of("code", new Code("A", 65), new Code("A", 0))).isNull();
	}

	record Item(String sku, int quantity) {

	}

	record Basket(String id, List<Item> items, Map<String, Long> counts) {

	}

	static class Account {

		final String name;

		@JsonIgnore
		final String password;

		Account(String name, String password) {
			this.name = name;
			this.password = password;
		}

	}

	static class Parent {

		final List<Child> children = new ArrayList<>();

	}

	static class Child {

		@JsonBackReference
		final Parent parent;

		final String name;

		Child(Parent parent, String name) {
			this.parent = parent;
			this.name = name;
		}

	}

	/** Caches its hash in a field that {@link #equals} leaves out. */
	static class Code {

		final String value;

		final int hash;

		Code(String value, int hash) {
			this.value = value;
			this.hash = hash;
		}

		@Override
		public boolean equals(Object other) {
			return other instanceof Code code && code.value.equals(this.value);
		}

		@Override
		public int hashCode() {
			return Objects.hash(this.value);
		}

	}

}
