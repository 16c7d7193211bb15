/// Frame-cost percentiles, in nanoseconds.
public struct Percentiles: Codable, Hashable, Sendable {
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var p999: Double
    public var max: Double

    public init(p50: Double, p90: Double, p99: Double, p999: Double, max: Double) {
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
        self.max = max
    }
}
