package io.github.asynctask.autoconfigure.jpa;

import org.springframework.data.jpa.repository.JpaRepository;

/** An existing application's Spring Data JPA repository. */
interface VisitRepository extends JpaRepository<Visit, Long> {

}
