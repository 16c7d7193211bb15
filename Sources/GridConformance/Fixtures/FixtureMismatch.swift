import GridCore

/// One way a layout's answers differ from a golden fixture.
public struct FixtureMismatch: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `prepare` threw for the fixture's data and container.
        case prepareFailed = "prepare-failed"
        /// The content size differs.
        case contentSize = "content-size"
        /// The fixture holds an element the layout does not return.
        case missingElement = "missing-element"
        /// The layout returns an element the fixture does not hold.
        case unexpectedElement = "unexpected-element"
        /// Both hold the element, with frames that differ in some bit.
        case frame = "frame"
    }

    public var kind: Kind
    /// The fixture's name.
    public var fixture: String
    /// The element concerned, when one is.
    public var element: ElementID?
    /// Which query gave the differing answer: `the rect query over the whole content`,
    /// `attributes(at: [0, 3])`, …
    public var query: String
    public var expected: ConformanceViolation.Answer
    public var actual: ConformanceViolation.Answer

    public init(
        kind: Kind, fixture: String, element: ElementID?, query: String,
        expected: ConformanceViolation.Answer, actual: ConformanceViolation.Answer
    ) {
        self.kind = kind
        self.fixture = fixture
        self.element = element
        self.query = query
        self.expected = expected
        self.actual = actual
    }
}

extension FixtureMismatch: CustomStringConvertible {
    public var description: String {
        let subject = element.map { " \($0)" } ?? ""
        return "fixture \(fixture) [\(kind.rawValue)]\(subject) from \(query)\n  expected: \(expected)\n  actual:   \(actual)"
    }
}
