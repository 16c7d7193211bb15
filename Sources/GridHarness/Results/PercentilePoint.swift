/// One point of a cost distribution.
public struct PercentilePoint: Codable, Hashable, Sendable {
    public var percentile: Double
    public var nanos: Double

    public init(percentile: Double, nanos: Double) {
        self.percentile = percentile
        self.nanos = nanos
    }
}
