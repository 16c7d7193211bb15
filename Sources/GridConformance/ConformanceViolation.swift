import GridCore

/// One broken law: which law, in which configuration, on which rect or element, what was
/// expected and what the layout answered.
///
/// The ``description`` is written for a person reading a test log: it names the law, the
/// configuration, the rect or element, and expected against actual, and says what the
/// counterexample was shrunk from.
public struct ConformanceViolation: Hashable, Sendable {
    /// The law that was broken.
    public var law: ConformanceLaw
    /// The precise failure, one code per kind of failure.
    public var code: Code
    /// The layout's name, as the report gives it.
    public var layout: String
    /// What the layout was prepared with.
    public var configuration: ConformanceConfiguration
    /// The query or element the failure was seen on.
    public var subject: Subject
    /// A one-line account of what went wrong.
    public var problem: String
    /// What the law requires the answer to be.
    public var expected: Answer
    /// What the layout answered.
    public var actual: Answer
    /// The configuration and subject the failure was first seen on, when shrinking found a
    /// smaller counterexample; `nil` when this is the case as first seen.
    public var shrunkFrom: Counterexample?
    /// How many failures of this law this one stands for in this configuration (and, after
    /// shrinking, in other configurations that shrank to the same counterexample); ≥ 1.
    public var occurrences: Int
    /// Where in a query file the failure was seen, for violations found in answer files:
    /// `case "c12", rects[37]`; `nil` for the in-process suite.
    public var location: String?
    /// In a report, the number (from 1) of the violation of the same law and code this one
    /// repeats in another case, printed in full there: this one's ``description`` is then one
    /// line. `nil` for the first of its kind, printed in full.
    public var repeatOf: Int?

    public init(
        law: ConformanceLaw, code: Code, layout: String, configuration: ConformanceConfiguration,
        subject: Subject, problem: String, expected: Answer, actual: Answer,
        shrunkFrom: Counterexample? = nil, occurrences: Int = 1
    ) {
        self.law = law
        self.code = code
        self.layout = layout
        self.configuration = configuration
        self.subject = subject
        self.problem = problem
        self.expected = expected
        self.actual = actual
        self.shrunkFrom = shrunkFrom
        self.occurrences = occurrences
    }

    /// A configuration and the query or element on it.
    public struct Counterexample: Hashable, Sendable {
        public var configuration: ConformanceConfiguration
        public var subject: Subject

        public init(configuration: ConformanceConfiguration, subject: Subject) {
            self.configuration = configuration
            self.subject = subject
        }
    }

    /// The kind of failure. Each belongs to one law, except that laws 5 and 6 (two
    /// layouts that should answer alike) share theirs.
    public enum Code: String, CaseIterable, Hashable, Sendable, Codable {
        /// Where a failure of this kind comes in a report: lower first, as the kinds that may
        /// explain others. A layout that dies explains everything it did not answer; a wrong
        /// content size explains the frames outside it and the queries clipped to it; an
        /// invalid or stale answer explains the checks that compare it; answers that disagree
        /// come before the rect queries and splits that show the same fault less directly.
        public var explanatoryRank: Int {
            switch self {
            case .trapped, .timedOut, .exited: 0
            case .invalidContentSize, .contentTooSmall, .contentTooLarge: 1
            case .frameOutsideContent: 2
            case .invalidFrame, .pathOutsideData, .invalidPlacement, .sharedSlot, .headersOutOfOrder: 3
            case .prepareDiffers, .answersDiffer, .traitsDiffer, .shiftMisreported, .layoutEditMisreported, .movedBeforeMeasured: 4
            case .disagreesWithItemQuery, .itemQueryReturnedNil, .itemQueryWrongElement, .placementDisagrees,
                 .placementFrameDisagrees: 5
            case .cellsOverlap: 6
            case .missingFromContentQuery, .enumerationDiffers, .enumerationOutOfOrder: 7
            case .missingElements, .unexpectedElements, .duplicateElements, .bufferNotAppended: 8
            case .notAdditive: 9
            }
        }

        // Law 1.
        /// A rect query left out elements whose frames intersect the rect.
        case missingElements = "missing-elements"
        /// A rect query returned elements whose frames do not intersect the rect (or that
        /// no query over the whole content returns).
        case unexpectedElements = "unexpected-elements"
        /// A rect query returned an element more than once.
        case duplicateElements = "duplicate-elements"
        /// A per-item or supplementary answer with a frame of positive area that the query
        /// over the whole content did not return.
        case missingFromContentQuery = "missing-from-content-query"
        /// The rect query removed or changed what the caller's buffer held before the call.
        case bufferNotAppended = "buffer-not-appended"
        /// A layout that adopts `ScrollOrderedEnumeration` enumerates other elements than the
        /// rect query over the whole content returns: one left out, listed twice, added, or
        /// given another frame.
        case enumerationDiffers = "enumeration-differs"
        /// A layout that adopts `ScrollOrderedEnumeration` enumerates an element before one
        /// whose frame starts earlier along the scroll axis.
        case enumerationOutOfOrder = "enumeration-out-of-order"
        // Law 2.
        /// A rect answer's frame differs from the per-item or supplementary answer's.
        case disagreesWithItemQuery = "disagrees-with-item-query"
        /// The per-item or supplementary query answered `nil` for an element the data holds
        /// or a rect query returned.
        case itemQueryReturnedNil = "item-query-returned-nil"
        /// The per-item or supplementary query answered with another element's kind or path.
        case itemQueryWrongElement = "item-query-wrong-element"
        /// Two answers for one cell give it different display rows or columns
        /// (`GridLayout.gridPlacement(of:)`, or `row` and `column` in an answer file).
        case placementDisagrees = "placement-disagrees"
        /// A cell's frame is not the union of the frames of the display rows and columns its
        /// placement says it spans (the tracks' frames taken from the cells spanning one).
        case placementFrameDisagrees = "placement-frame-disagrees"
        // Law 3.
        /// An answer names a cell path that does not exist in the data, or a supplementary
        /// path outside the space the layout declares for its kind.
        case pathOutsideData = "path-outside-data"
        /// A frame with a NaN or infinite coordinate or a negative width or height.
        case invalidFrame = "invalid-frame"
        /// A cell's display position has a negative row or column, or a span below 1.
        case invalidPlacement = "invalid-placement"
        /// Two cells are displayed in the same slot (display row and column).
        case sharedSlot = "shared-slot"
        /// The layout declares its section headers in order
        /// (`LayoutTraits.sectionHeadersInOrder`), and a section places none, or a header
        /// or its pin band comes before the previous section's.
        case headersOutOfOrder = "headers-out-of-order"
        /// A call to the layout trapped (`fatalError`, a failed precondition, an index out of
        /// range, a force unwrap of `nil`…): the child process running the case was killed by
        /// a signal. Only seen when the suite runs isolated (``ConformanceOptions/isolation``).
        case trapped = "trapped"
        /// The child process running the case ended without reporting, though no signal
        /// killed it (the layout called `exit`). Only seen when isolated.
        case exited = "exited"
        /// A call to the layout did not return within the isolation's time limit, and the
        /// child process running the case was killed. Only seen when isolated.
        case timedOut = "timed-out"
        // Law 4.
        /// The content size is not finite and ≥ 0.
        case invalidContentSize = "invalid-content-size"
        /// A frame reaches outside `(0, 0, contentSize)`.
        case frameOutsideContent = "frame-outside-content"
        // Laws 5 and 6.
        /// Two layouts prepared alike answered differently.
        case answersDiffer = "answers-differ"
        /// `prepare` threw for one of two layouts prepared alike, not for the other.
        case prepareDiffers = "prepare-differs"
        /// Two layouts prepared alike declare different traits (line sizes, pinning, scroll
        /// axes, supplementary spaces, tightness…).
        case traitsDiffer = "traits-differ"
        // Law 6.
        /// What a layout that adopts `SectionShiftReporting` reported of a told update
        /// (`SectionShift`) is not what the update did to its elements.
        case shiftMisreported = "shift-misreported"
        /// What an `EditableLayout` returned from an edit (`LayoutEdit`: the data it now lays
        /// out, where each element went, which sections kept or moved their cells) is not what
        /// the edit did; or an edit it refused changed it.
        case layoutEditMisreported = "layout-edit-misreported"
        // Law 7.
        /// A rect's answer is not the union of its two halves' answers.
        case notAdditive = "not-additive"
        // Law 8.
        /// Two cells' frames intersect although the layout declares they never do.
        case cellsOverlap = "cells-overlap"
        // Law 9.
        /// The content reaches farther than its farthest frame plus the declared inset.
        case contentTooLarge = "content-too-large"
        /// The content ends before its farthest frame plus the declared inset.
        case contentTooSmall = "content-too-small"
        // Law 10.
        /// A measurement (`DataEdit.setItemSizes`) changed the frame of an element before the
        /// first measured item's line, or made one appear or vanish there.
        case movedBeforeMeasured = "moved-before-measured"
    }

    /// What a failure was seen on.
    public enum Subject: Hashable, Sendable {
        /// A rect query, and what kind of probe the rect was.
        case rect(Rect, RectRole)
        /// One element: a cell by its path or a supplementary view by kind and path.
        case element(ElementID)
        /// Two elements (overlapping cells).
        case elementPair(ElementID, ElementID)
        /// A rect split into two adjacent parts (law 7).
        case split(whole: Rect, first: Rect, second: Rect)
        /// The content size.
        case contentSize
        /// The supplementary path spaces the layout declares (`LayoutTraits.supplementaries`).
        case declaredSupplementaries
        /// Everything else the layout declares about itself (`GridLayout.traits`).
        case traits
        /// `prepare` itself.
        case preparation
    }

    /// Why a probe rect was chosen.
    public enum RectRole: Hashable, Sendable {
        /// Covers the whole content and a margin around it.
        case wholeContent
        /// Far larger than any content.
        case huge
        /// Seeded random.
        case random
        /// A thin strip on one side of a line where frames start or end.
        case strip(edge: Edge, at: Double)
        /// A small rect at, or touching, a point where a row boundary and a column boundary
        /// cross (a two-axis layout's cell corner).
        case corner(x: Double, y: Double)
        /// A rect of zero (or negative, or NaN) width or height.
        case zeroArea
        /// Lies outside the content (touching it or far away).
        case outside
        /// One part of a random rect split in two (law 7).
        case part
        /// Given by a query file, or probed for a particular purpose.
        case given
        /// Found by shrinking: the smallest rect found on which the failure persists.
        case shrunk
    }

    /// Which side of a boundary line a strip lies on.
    public enum Edge: String, Hashable, Sendable {
        /// `[y − d, y)`: ends where frames start or end.
        case above
        /// `[y, y + d)`: starts where frames start or end.
        case below
        /// `[x − d, x)`.
        case left
        /// `[x, x + d)`.
        case right
    }

    /// An expected or actual answer.
    public enum Answer: Hashable, Sendable {
        /// A rect query's elements.
        case elements([LayoutAttributes])
        /// A per-item or supplementary answer, or `nil`.
        case attributes(LayoutAttributes?)
        /// A content size.
        case size(Size)
        /// Anything else, in words.
        case text(String)
    }
}

extension ConformanceViolation: CustomStringConvertible {
    /// Several lines: the law, the layout, the configuration, the subject, the problem,
    /// expected and actual, and where shrinking started.
    public var description: String {
        if let repeatOf {
            let place = location.map { "\($0): " } ?? ""
            return "\(law) broken by \(layout) [\(code.rawValue)] again, as in \(repeatOf)), in \(place)\(configuration); \(subject): \(problem)"
                + (occurrences > 1 ? " (stands for \(occurrences) failures)" : "")
        }
        var lines = ["\(law) broken by \(layout) [\(code.rawValue)]: \(problem)"]
        lines.append("  configuration: \(configuration)")
        lines += ConformanceConfiguration.details(of: configuration).map { "  \($0)" }
        lines.append("  \(subject)")
        lines.append("  expected: \(expected)")
        lines.append("  actual:   \(actual)")
        if let location {
            lines.insert("  in: \(location)", at: 1)
        }
        if let shrunkFrom {
            lines.append("  shrunk from: \(shrunkFrom.configuration); \(shrunkFrom.subject)")
        }
        if occurrences > 1 {
            lines.append(location == nil
                ? "  (stands for \(occurrences) failures of this law in this configuration and the ones that shrank to it)"
                : "  (stands for \(occurrences) failures of this law in this case)")
        }
        lines.append("  law \(law.number) requires: \(location == nil ? law.statement : law.answerStatement)")
        return lines.joined(separator: "\n")
    }
}

extension ConformanceViolation.Subject: CustomStringConvertible {
    public var description: String {
        switch self {
        case .rect(let rect, let role): "rect \(rect), \(role)"
        case .element(let id): "element \(id)"
        case .elementPair(let a, let b): "elements \(a) and \(b)"
        case .split(let whole, let first, let second): "rect \(whole) split into \(first) and \(second)"
        case .contentSize: "the content size"
        case .declaredSupplementaries: "the supplementary spaces the layout declares (traits.supplementaries)"
        case .traits: "the traits the layout declares (traits)"
        case .preparation: "prepare(data:container:)"
        }
    }
}

extension ConformanceViolation.RectRole: CustomStringConvertible {
    public var description: String {
        switch self {
        case .wholeContent: "covering the whole content and a margin"
        case .huge: "a huge rect far larger than the content"
        case .random: "a seeded random rect"
        case .strip(let edge, let at):
            switch edge {
            case .above: "a thin strip ending at y = \(at), where frames start or end"
            case .below: "a thin strip starting at y = \(at), where frames start or end"
            case .left: "a thin strip ending at x = \(at), where frames start or end"
            case .right: "a thin strip starting at x = \(at), where frames start or end"
            }
        case .corner(let x, let y): "a small rect at (\(x), \(y)), where a row and a column boundary cross"
        case .zeroArea: "a rect of zero area, which must return nothing"
        case .outside: "a rect outside the content"
        case .part: "one part of a rect split in two"
        case .given: "a given rect"
        case .shrunk: "the smallest rect found that still fails"
        }
    }
}

extension ConformanceViolation.Answer: CustomStringConvertible {
    /// Element lists are cut after ``shownElements`` entries.
    public var description: String {
        switch self {
        case .elements(let elements):
            return Self.list(elements)
        case .attributes(let attributes):
            return attributes.map { "\($0)" } ?? "nil"
        case .size(let size):
            return "content size \(size)"
        case .text(let text):
            return text
        }
    }

    /// How many elements a printed list shows before "… and N more".
    public static let shownElements = 8

    /// `3 elements: a, b, c`, or `nothing`.
    static func list(_ elements: [LayoutAttributes]) -> String {
        elements.isEmpty ? "nothing" : "\(plural(elements.count, "element")): " + items(elements)
    }

    /// `a, b, c, … and 4 more`.
    static func items(_ elements: [LayoutAttributes]) -> String {
        var text = elements.prefix(shownElements).map { "\($0)" }.joined(separator: ", ")
        if elements.count > shownElements { text += ", … and \(elements.count - shownElements) more" }
        return text
    }
}

extension ConformanceViolation.RectRole {
    /// The role's name in a query file's `check.rectRoles`: `whole`, `huge`, `random`,
    /// `zero-area`, `outside`, `part`, `given`, `shrunk`, `strip-above@105.0` (and
    /// `-below`, `-left`, `-right`), or `corner@150.0,44.0`.
    public var name: String {
        switch self {
        case .wholeContent: "whole"
        case .huge: "huge"
        case .random: "random"
        case .strip(let edge, let at): "strip-\(edge.rawValue)@\(at)"
        case .corner(let x, let y): "corner@\(x),\(y)"
        case .zeroArea: "zero-area"
        case .outside: "outside"
        case .part: "part"
        case .given: "given"
        case .shrunk: "shrunk"
        }
    }

    /// The role with the given ``name``; `.given` for a name it does not know.
    public init(name: String) {
        switch name {
        case "whole": self = .wholeContent
        case "huge": self = .huge
        case "random": self = .random
        case "zero-area": self = .zeroArea
        case "outside": self = .outside
        case "part": self = .part
        case "shrunk": self = .shrunk
        default:
            if name.hasPrefix("strip-"), let at = name.firstIndex(of: "@"),
               let edge = ConformanceViolation.Edge(rawValue: String(name[name.index(name.startIndex, offsetBy: 6) ..< at])),
               let value = Double(name[name.index(after: at)...]) {
                self = .strip(edge: edge, at: value)
            } else if name.hasPrefix("corner@") {
                let point = name.dropFirst("corner@".count).split(separator: ",", omittingEmptySubsequences: false)
                if point.count == 2, let x = Double(point[0]), let y = Double(point[1]) {
                    self = .corner(x: x, y: y)
                } else {
                    self = .given
                }
            } else {
                self = .given
            }
        }
    }
}
