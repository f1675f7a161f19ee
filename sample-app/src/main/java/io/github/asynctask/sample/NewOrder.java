package io.github.asynctask.sample;

import java.math.BigDecimal;

/**
 * The body of {@code POST /orders}.
 */
public record NewOrder(String customer, BigDecimal amount, String email) {

}
