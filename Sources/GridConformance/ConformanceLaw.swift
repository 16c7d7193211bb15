import GridCore

/// The ten laws of `GridLayout`, as docs/architecture.md ("The ten laws") numbers and
/// names them.
///
/// Every violation the suite reports names one of these.
public enum ConformanceLaw: Int, CaseIterable, Hashable, Comparable, Sendable, Codable {
    /// `elements(in: r)` returns exactly the elements whose frames intersect `r`, each once;
    /// an empty rect returns nothing; the caller's buffer is appended to, not replaced.
    case completeness = 1
    /// An element returned by a rect query equals the per-item or supplementary answer for
    /// it; a cell has one display position, whichever answer gives it.
    case agreement = 2
    /// Cell paths exist in the data, supplementary paths lie in the spaces the layout
    /// declares; frames are finite with non-negative sizes; display positions are valid
    /// and no two cells share a slot. Every call returns: none traps or hangs (checked
    /// when the suite runs isolated, ``ConformanceOptions/isolation``).
    case validity = 3
    /// Every frame lies inside `(0, 0, contentSize)`.
    case containment = 4
    /// The same data and container give the same answers, bit for bit.
    case determinism = 5
    /// After `prepare` with new data or a new container, told what changed or not, answers
    /// equal a fresh layout's.
    case freshness = 6
    /// `elements(in: A ∪ B) = elements(in: A) ∪ elements(in: B)` for adjacent rects.
    case additivity = 7
    /// No two cells' frames intersect, for layouts that declare it.
    case nonOverlap = 8
    /// The content size is the smallest that holds every frame plus the declared insets,
    /// along the axes the layout declares.
    case tightness = 9
    /// Telling a layout that items changed size moves no element before the start of the
    /// first measured item's line, for layouts that declare it.
    case locality = 10

    /// The law's number, 1…10.
    @inlinable public var number: Int { rawValue }

    /// The law's name as docs/architecture.md gives it.
    public var name: String {
        switch self {
        case .completeness: "completeness and soundness"
        case .agreement: "agreement"
        case .validity: "validity"
        case .containment: "containment"
        case .determinism: "determinism"
        case .freshness: "freshness"
        case .additivity: "additivity"
        case .nonOverlap: "non-overlap"
        case .tightness: "tightness"
        case .locality: "locality"
        }
    }

    /// What the law requires, in one sentence.
    public var statement: String {
        switch self {
        case .completeness:
            "elements(in: r) returns exactly the elements whose frames intersect r (closed-open), each once; an empty r returns nothing; the caller's buffer is appended to"
        case .agreement:
            "an element returned by a rect query is identical to what attributes(at:) or supplementary(_:at:) returns for it, and a cell has one display row and column whichever answer gives them"
        case .validity:
            Self.validityOfAnswers + "; no call to the layout traps or hangs (checked when isolated)"
        case .containment:
            "every frame lies inside (0, 0, contentSize)"
        case .determinism:
            "the same data and container give the same answers, bit for bit"
        case .freshness:
            "after prepare with new data or a new container, told what changed (prepare(data:container:invalidation:)) or not, every answer equals a freshly made layout's"
        case .additivity:
            "elements(in: A ∪ B) = elements(in: A) ∪ elements(in: B) for adjacent rects"
        case .nonOverlap:
            "no two cells' frames overlap (declared by traits.cellsDoNotOverlap)"
        case .tightness:
            "along each axis the layout declares (traits.tightness), the content size is the smallest that holds every frame plus the declared insets: max(leading inset, farthest frame edge) + trailing inset"
        case .locality:
            "telling the layout that items changed size (DataEdit.setItemSizes) changes the frame of no element before the start of the first measured item's line in the data's order: earlier sections' cells, headers and footers, the measured section's header, and its cells before that line (declared by traits.measurementLocality, which says what a line is)"
        }
    }

    /// What the law requires of an answer file, which can show neither a caller's buffer nor a
    /// trap.
    public var answerStatement: String {
        switch self {
        case .validity:
            Self.validityOfAnswers
        case .completeness:
            "each rect's answer holds exactly the elements whose frames intersect the rect (closed-open), each once; an empty rect answers nothing"
        default:
            statement
        }
    }

    /// Law 3 on answers, which an answer file can show; a trap or a hang only a process can.
    private static let validityOfAnswers = "every returned cell path exists in the data and every supplementary path lies in the space the layout declares for its kind (traits.supplementaries); no frame is NaN, infinite or negative in size; no cell has a negative display row or column, and no two cells share a display slot"

    @inlinable
    public static func < (lhs: ConformanceLaw, rhs: ConformanceLaw) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension ConformanceLaw: CustomStringConvertible {
    /// `law 1 (completeness and soundness)`.
    public var description: String { "law \(number) (\(name))" }
}
