import GridCore

/// The private binary form in which a child process sends its result to its parent:
/// little-endian 64-bit words, strings and arrays prefixed with their length.
///
/// Only a parent reads what its own child wrote, so there is no version; still, every
/// length and tag is checked on reading, and a malformed message reads as `nil`, never a trap.
enum CaseWire {
    // MARK: Writing

    struct Writer {
        var bytes: [UInt8] = []

        mutating func word(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        mutating func int(_ value: Int) { word(UInt64(bitPattern: Int64(value))) }
        mutating func double(_ value: Double) { word(value.bitPattern) }
        mutating func bool(_ value: Bool) { word(value ? 1 : 0) }
        mutating func string(_ value: String) {
            let utf8 = Array(value.utf8)
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
        mutating func rect(_ r: Rect) {
            double(r.minX); double(r.minY); double(r.width); double(r.height)
        }
        mutating func attributes(_ a: LayoutAttributes) {
            word(UInt64(a.kind.rawValue)); word(UInt64(a.groupPosition.rawValue))
            int(a.path.section); int(a.path.item)
            rect(a.frame)
        }
        mutating func subject(_ subject: ConformanceViolation.Subject) {
            switch subject {
            case .rect(let r, let role): int(0); rect(r); string(role.name)
            case .element(let id): int(1); word(id.rawValue)
            case .elementPair(let a, let b): int(2); word(a.rawValue); word(b.rawValue)
            case .split(let whole, let first, let second): int(3); rect(whole); rect(first); rect(second)
            case .contentSize: int(4)
            case .declaredSupplementaries: int(5)
            case .preparation: int(6)
            case .traits: int(7)
            }
        }
        mutating func answer(_ answer: ConformanceViolation.Answer) {
            switch answer {
            case .elements(let elements):
                int(0); int(elements.count)
                for element in elements { attributes(element) }
            case .attributes(let element):
                int(1); bool(element != nil)
                if let element { attributes(element) }
            case .size(let size): int(2); double(size.width); double(size.height)
            case .text(let text): int(3); string(text)
            }
        }
        /// A violation, without its layout and configuration (the parent knows both).
        mutating func violation(_ v: ConformanceViolation) {
            int(v.law.rawValue); string(v.code.rawValue)
            subject(v.subject); string(v.problem); answer(v.expected); answer(v.actual)
            int(v.occurrences)
        }
    }

    /// A case's result: whether it was skipped, the counts, law 8's declaration and the
    /// violations found.
    static func encode(_ result: CaseResult) -> [UInt8] {
        var w = Writer()
        w.bool(result.skipped != nil)
        if let skipped = result.skipped { w.string(skipped) }
        let c = result.counts
        for count in [c.configurations, c.rectQueries, c.itemQueries, c.supplementaryQueries, c.additivitySplits,
                      c.determinismComparisons, c.freshnessComparisons, c.cellsCheckedForOverlap, c.cellsPlaced, c.tightnessChecks,
                      c.shiftReports, c.shiftsCompared, c.enumerations, c.traitsComparisons, c.placementFrames, c.localityChecks] {
            w.int(count)
        }
        w.bool(result.declaresNonOverlap)
        w.int(result.sink.found.count)
        for violation in result.sink.found { w.violation(violation) }
        return w.bytes
    }

    static func encode(_ violation: ConformanceViolation) -> [UInt8] {
        var w = Writer()
        w.violation(violation)
        return w.bytes
    }

    // MARK: Reading

    struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func word() -> UInt64? {
            guard bytes.count - index >= 8 else { return nil }
            var value: UInt64 = 0
            for shift in 0 ..< 8 { value |= UInt64(bytes[index + shift]) << (8 * UInt64(shift)) }
            index += 8
            return value
        }
        mutating func int() -> Int? { word().map { Int(Int64(bitPattern: $0)) } }
        mutating func count() -> Int? {
            guard let n = int(), n >= 0, n <= bytes.count - index else { return nil }  // each item takes ≥ 1 byte
            return n
        }
        mutating func double() -> Double? { word().map(Double.init(bitPattern:)) }
        mutating func bool() -> Bool? {
            switch word() {
            case 0: false
            case 1: true
            default: nil
            }
        }
        mutating func string() -> String? {
            guard let n = count() else { return nil }
            defer { index += n }
            return String(decoding: bytes[index ..< index + n], as: UTF8.self)
        }
        mutating func rect() -> Rect? {
            guard let x = double(), let y = double(), let w = double(), let h = double() else { return nil }
            return Rect(x: x, y: y, width: w, height: h)
        }
        mutating func attributes() -> LayoutAttributes? {
            guard let k = word(), let g = word(), k <= 0xFF, g <= 0xFF,
                  let kind = ElementKind(rawValue: UInt8(k)), let position = GroupPosition(rawValue: UInt8(g)),
                  let section = int(), let item = int(), let frame = rect()
            else { return nil }
            return LayoutAttributes(kind: kind, path: ItemPath(section: section, item: item), frame: frame, groupPosition: position)
        }
        mutating func subject() -> ConformanceViolation.Subject? {
            switch int() {
            case 0:
                guard let r = rect(), let role = string() else { return nil }
                return .rect(r, ConformanceViolation.RectRole(name: role))
            case 1: return word().map { .element(ElementID(rawValue: $0)) }
            case 2:
                guard let a = word(), let b = word() else { return nil }
                return .elementPair(ElementID(rawValue: a), ElementID(rawValue: b))
            case 3:
                guard let whole = rect(), let first = rect(), let second = rect() else { return nil }
                return .split(whole: whole, first: first, second: second)
            case 4: return .contentSize
            case 5: return .declaredSupplementaries
            case 6: return .preparation
            case 7: return .traits
            default: return nil
            }
        }
        mutating func answer() -> ConformanceViolation.Answer? {
            switch int() {
            case 0:
                guard let n = count() else { return nil }
                var elements: [LayoutAttributes] = []
                for _ in 0 ..< n {
                    guard let element = attributes() else { return nil }
                    elements.append(element)
                }
                return .elements(elements)
            case 1:
                guard let present = bool() else { return nil }
                guard present else { return .attributes(nil) }
                return attributes().map { .attributes($0) }
            case 2:
                guard let w = double(), let h = double() else { return nil }
                return .size(Size(width: w, height: h))
            case 3: return string().map { .text($0) }
            default: return nil
            }
        }
        mutating func violation(layout: String, configuration: ConformanceConfiguration) -> ConformanceViolation? {
            guard let number = int(), let law = ConformanceLaw(rawValue: number),
                  let codeName = string(), let code = ConformanceViolation.Code(rawValue: codeName),
                  let subject = subject(), let problem = string(), let expected = answer(), let actual = answer(),
                  let occurrences = int(), occurrences >= 1
            else { return nil }
            return ConformanceViolation(
                law: law, code: code, layout: layout, configuration: configuration, subject: subject,
                problem: problem, expected: expected, actual: actual, occurrences: occurrences)
        }
    }

    /// The result `encode` wrote, with violations of `laws` for `layout` in `configuration`;
    /// `nil` when the bytes are not such a message.
    static func decodeResult(
        _ bytes: [UInt8], laws: Set<ConformanceLaw>, layout: String, configuration: ConformanceConfiguration
    ) -> CaseResult? {
        var r = Reader(bytes: bytes)
        guard let isSkipped = r.bool() else { return nil }
        var skipped: String?
        if isSkipped {
            guard let reason = r.string() else { return nil }
            skipped = reason
        }
        var numbers: [Int] = []
        for _ in 0 ..< 16 {
            guard let n = r.int() else { return nil }
            numbers.append(n)
        }
        var counts = ConformanceReport.Counts()
        (counts.configurations, counts.rectQueries, counts.itemQueries, counts.supplementaryQueries, counts.additivitySplits)
            = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
        (counts.determinismComparisons, counts.freshnessComparisons, counts.cellsCheckedForOverlap, counts.cellsPlaced, counts.tightnessChecks)
            = (numbers[5], numbers[6], numbers[7], numbers[8], numbers[9])
        (counts.shiftReports, counts.shiftsCompared, counts.enumerations, counts.traitsComparisons, counts.placementFrames)
            = (numbers[10], numbers[11], numbers[12], numbers[13], numbers[14])
        counts.localityChecks = numbers[15]
        guard let declaresNonOverlap = r.bool(), let found = r.count() else { return nil }
        var sink = ViolationSink(laws: laws, layout: layout, configuration: configuration)
        for _ in 0 ..< found {
            guard let violation = r.violation(layout: layout, configuration: configuration) else { return nil }
            sink.append(violation)
        }
        guard r.atEnd else { return nil }
        return CaseResult(skipped: skipped, sink: sink, counts: counts, declaresNonOverlap: declaresNonOverlap)
    }

    static func decodeViolation(_ bytes: [UInt8], layout: String, configuration: ConformanceConfiguration) -> ConformanceViolation? {
        var r = Reader(bytes: bytes)
        guard let violation = r.violation(layout: layout, configuration: configuration), r.atEnd else { return nil }
        return violation
    }
}
