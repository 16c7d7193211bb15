/// A typed error for anything a layout, a data shape or a viewport refuses.
///
/// It names the field, the value that was given and what was expected, so a message reads
/// like `tilesPerLine = 0: expected an integer ≥ 1`. Code that reads files adds the file
/// name around it; see `GridHarness`.
public struct GridError: Error, Hashable, Sendable {
    /// What kind of refusal this is.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// A layout, strategy or viewport parameter out of its allowed range.
        case invalidParameter = "invalid-parameter"
        /// A data shape that cannot exist: a negative count, a bad item size, too many items.
        case invalidData = "invalid-data"
        /// A section index that does not exist in the data.
        case sectionOutOfRange = "section-out-of-range"
        /// An item index that does not exist in its section.
        case itemOutOfRange = "item-out-of-range"
    }

    public var code: Code
    /// The field that was wrong, as a path: `tilesPerLine`, `itemCounts[3]`, `itemSizes[17].width`.
    public var field: String
    /// The value that was given, as text.
    public var value: String
    /// What was expected instead.
    public var expected: String

    public init(_ code: Code, field: String, value: String, expected: String) {
        self.code = code
        self.field = field
        self.value = value
        self.expected = expected
    }

    /// A parameter that is out of range.
    public static func invalidParameter(_ field: String, _ value: some CustomStringConvertible, expected: String) -> GridError {
        GridError(.invalidParameter, field: field, value: value.description, expected: expected)
    }

    /// Data that cannot exist.
    public static func invalidData(_ field: String, _ value: some CustomStringConvertible, expected: String) -> GridError {
        GridError(.invalidData, field: field, value: value.description, expected: expected)
    }

    /// A copy whose field is nested under `prefix`: `spec.` + `tilesPerLine`.
    public func prefixingField(with prefix: String) -> GridError {
        var copy = self
        copy.field = prefix + field
        return copy
    }
}

extension GridError: CustomStringConvertible {
    public var description: String { "\(field) = \(value): expected \(expected)" }
}

/// Checks shared by layouts and viewports that validate their parameters.
extension GridError {
    /// Throws unless `value` is finite and `> 0`. (`field` is made only to throw: checks run
    /// on every edit of a layout on screen.)
    @inlinable
    public static func requirePositive(_ value: Double, _ field: @autoclosure () -> String) throws(GridError) {
        guard value.isFinite, value > 0 else {
            throw .invalidParameter(field(), value, expected: "a finite number > 0")
        }
    }

    /// Throws unless `value` is finite and `≥ 0`.
    @inlinable
    public static func requireNonNegative(_ value: Double, _ field: @autoclosure () -> String) throws(GridError) {
        guard value.isFinite, value >= 0 else {
            throw .invalidParameter(field(), value, expected: "a finite number ≥ 0")
        }
    }
}
