package io.github.asynctask;

/**
 * What {@link AsyncTaskTemplate#batch} did.
 *
 * @param batchId the batch's id, for {@link AsyncTaskTemplate#findBatch} and
 * {@link AsyncTaskTemplate#addToBatch}
 * @param children how many children the body submitted
 * @param deferredUntilCommit whether the batch is held until the surrounding transaction
 * commits (dropped on rollback)
 */
public record BatchReceipt(String batchId, int children, boolean deferredUntilCommit) {

}
