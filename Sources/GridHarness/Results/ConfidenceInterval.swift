import GridCore

/// An interval that holds a figure with a stated confidence: `[low, high]`.
public struct ConfidenceInterval: Codable, Hashable, Sendable, CustomStringConvertible {
    public var low: Double
    public var high: Double

    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// Whether the interval and `[low, high]` share a point.
    public func overlaps(_ low: Double, _ high: Double) -> Bool { self.low <= high && low <= self.high }

    public var description: String { "[\(low), \(high)]" }
}
