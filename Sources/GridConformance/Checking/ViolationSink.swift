import GridCore

/// Collects the violations found in one configuration: the first of each law and code,
/// with a count of the rest, so that a badly broken layout does not bury the reader.
struct ViolationSink {
    typealias Subject = ConformanceViolation.Subject
    typealias Answer = ConformanceViolation.Answer

    /// The laws being checked; others are not reported.
    let laws: Set<ConformanceLaw>
    let layout: String
    let configuration: ConformanceConfiguration
    /// The first violation of each law and code, in the order found.
    private(set) var found: [ConformanceViolation] = []
    private var positions: [Key: Int] = [:]

    private struct Key: Hashable {
        var law: ConformanceLaw
        var code: ConformanceViolation.Code
    }

    init(laws: Set<ConformanceLaw>, layout: String, configuration: ConformanceConfiguration) {
        self.laws = laws
        self.layout = layout
        self.configuration = configuration
    }

    @inline(__always)
    func wants(_ law: ConformanceLaw) -> Bool { laws.contains(law) }

    /// Records one failure. `details` is only evaluated for the first failure of its law
    /// and code.
    mutating func report(
        _ law: ConformanceLaw, _ code: ConformanceViolation.Code,
        _ details: () -> (subject: Subject, problem: String, expected: Answer, actual: Answer)
    ) {
        guard laws.contains(law) else { return }
        let key = Key(law: law, code: code)
        if let position = positions[key] {
            found[position].occurrences += 1
            return
        }
        let d = details()
        positions[key] = found.count
        found.append(ConformanceViolation(
            law: law, code: code, layout: layout, configuration: configuration,
            subject: d.subject, problem: d.problem, expected: d.expected, actual: d.actual))
    }

    /// Records a violation found elsewhere (by a child process checking the same
    /// configuration), merged with one of its law and code already held.
    mutating func append(_ violation: ConformanceViolation) {
        guard laws.contains(violation.law) else { return }
        let key = Key(law: violation.law, code: violation.code)
        if let position = positions[key] {
            found[position].occurrences += violation.occurrences
            return
        }
        positions[key] = found.count
        found.append(violation)
    }

    /// One violation per law: the first found, standing for every failure of that law.
    var firstPerLaw: [ConformanceViolation] {
        var result: [ConformanceViolation] = []
        var index: [ConformanceLaw: Int] = [:]
        for violation in found {
            if let position = index[violation.law] {
                result[position].occurrences += violation.occurrences
            } else {
                index[violation.law] = result.count
                result.append(violation)
            }
        }
        return result
    }
}
