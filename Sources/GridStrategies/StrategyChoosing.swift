import GridCore

/// A strategy that chooses between others, and says which it chose once prepared.
public protocol StrategyChoosing {
    /// The strategy chosen at the last prepare.
    var choice: StrategyKind { get }
}
