package io.github.asynctask.codec;

import tools.jackson.databind.DatabindContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.jsontype.PolymorphicTypeValidator;

/**
 * Refuses every polymorphic subtype named by a class name in the payload (including
 * {@code @JsonTypeInfo(use = CLASS)} on user types), so Redis content can never choose a
 * class to instantiate. Logical type names ({@code @JsonSubTypes}) are unaffected.
 */
final class NoClassNamesValidator extends PolymorphicTypeValidator.Base {

	static final NoClassNamesValidator INSTANCE = new NoClassNamesValidator();

	private NoClassNamesValidator() {
	}

	@Override
	public Validity validateBaseType(DatabindContext context, JavaType baseType) {
		return Validity.INDETERMINATE;
	}

	@Override
	public Validity validateSubClassName(DatabindContext context, JavaType baseType, String subClassName) {
		return Validity.DENIED;
	}

	@Override
	public Validity validateSubType(DatabindContext context, JavaType baseType, JavaType subType) {
		return Validity.DENIED;
	}

}
