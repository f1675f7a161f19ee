/**
 * Finds, validates and describes @AsyncTask methods: the registry of task definitions.
 */
@NullMarked
package io.github.asynctask.definition;

import org.jspecify.annotations.NullMarked;
