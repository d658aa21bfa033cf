package io.paimon.multimodal.internal.predicate;

/** A comparison operator. */
enum CmpOp {
  EQ("="),
  NE("<>"),
  LT("<"),
  LE("<="),
  GT(">"),
  GE(">=");

  private final String symbol;

  CmpOp(String symbol) {
    this.symbol = symbol;
  }

  /** The operator as printed. */
  String symbol() {
    return symbol;
  }

  /** The operator with its operands swapped: {@code a < b} is {@code b > a}. */
  CmpOp flip() {
    switch (this) {
      case LT:
        return GT;
      case LE:
        return GE;
      case GT:
        return LT;
      case GE:
        return LE;
      default:
        return this;
    }
  }

  /**
   * The complement: for non-null operands under a total order, {@code NOT (a < b)} is {@code a >=
   * b}.
   */
  CmpOp negate() {
    switch (this) {
      case EQ:
        return NE;
      case NE:
        return EQ;
      case LT:
        return GE;
      case LE:
        return GT;
      case GT:
        return LE;
      case GE:
        return LT;
      default:
        throw new AssertionError(this);
    }
  }

  /** Whether the operator holds for the result of a three-way comparison. */
  boolean test(int comparison) {
    switch (this) {
      case EQ:
        return comparison == 0;
      case NE:
        return comparison != 0;
      case LT:
        return comparison < 0;
      case LE:
        return comparison <= 0;
      case GT:
        return comparison > 0;
      case GE:
        return comparison >= 0;
      default:
        throw new AssertionError(this);
    }
  }
}
