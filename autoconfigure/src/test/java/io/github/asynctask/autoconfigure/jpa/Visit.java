package io.github.asynctask.autoconfigure.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;

/** An existing application's JPA entity. */
@Entity
class Visit {

	@Id
	@GeneratedValue
	Long id;

	String pet;

}
