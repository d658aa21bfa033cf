/**
 * The alignment engine (not API): plans checked against the schemas ({@code AlignmentPlan}, {@code
 * StepPlan}), the right index of keys and row IDs ({@code RightIndex}, {@code GroupDictionary}),
 * the per-step runtimes and the streaming reader.
 */
package io.paimon.multimodal.window.internal;
