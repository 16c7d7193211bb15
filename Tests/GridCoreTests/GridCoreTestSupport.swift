import GridCore
import Testing

/// Expects `body` to throw a ``GridError`` with the given code and field.
func expectGridError<T>(
    _ code: GridError.Code, field: String, _ comment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> T
) {
    do {
        let value = try body()
        Issue.record("expected \(code) for \(field), got \(value) \(comment)", sourceLocation: sourceLocation)
    } catch let error as GridError {
        #expect(error.code == code, "\(error) \(comment)", sourceLocation: sourceLocation)
        #expect(error.field == field, "\(error) \(comment)", sourceLocation: sourceLocation)
        #expect(!error.value.isEmpty && !error.expected.isEmpty, "\(error) \(comment)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a GridError, got \(error) \(comment)", sourceLocation: sourceLocation)
    }
}

/// Every sequence of item counts of length `0...maxSections` drawn from `counts`.
func allCountSequences(maxSections: Int, counts: [Int]) -> [[Int]] {
    var result: [[Int]] = [[]]
    var frontier: [[Int]] = [[]]
    for _ in 0..<maxSections {
        frontier = frontier.flatMap { prefix in counts.map { prefix + [$0] } }
        result += frontier
    }
    return result
}
