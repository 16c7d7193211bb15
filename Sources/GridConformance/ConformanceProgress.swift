/// How far a conformance check has come: which case it is about to check, of how many, or
/// that it is shrinking the violations it found.
public struct ConformanceProgress: Hashable, Sendable {
    /// The case about to be checked, from 1; ``caseCount`` once every case has been checked.
    public var caseNumber: Int
    /// Every case of the check: each container with each data shape, the freshness
    /// configurations and the edit sequences.
    public var caseCount: Int
    /// Whether the cases are checked and the violations found are being shrunk.
    public var shrinking: Bool

    public init(caseNumber: Int, caseCount: Int, shrinking: Bool = false) {
        self.caseNumber = caseNumber
        self.caseCount = caseCount
        self.shrinking = shrinking
    }
}
