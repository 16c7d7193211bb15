import GridCore

/// Where the elements of one prepared configuration can exist: cells at the paths of the
/// data, supplementary views in the path spaces their layout declares
/// (`LayoutTraits.supplementaries`).
///
/// Law 3 holds every answer to it. The checkers know no kind but `.cell`: a header, a
/// footer or a corner exists exactly where the layout says it may place one.
struct ElementSpace: Hashable, Sendable {
    let data: DataShape
    /// The declared spaces, kind by kind.
    let supplementaries: [SupplementaryPaths]

    /// Whether an element of `kind` at `path` can exist.
    /// - Complexity: O(K) for K declared spaces.
    func contains(_ kind: ElementKind, _ path: ItemPath) -> Bool {
        kind == .cell
            ? data.contains(path)
            : supplementaries.contains { $0.kind == kind && $0.contains(path, data: data) }
    }

    /// `space` in a line: `column-header at (0 ..< 1, 0 ..< 12)`, `section-header per section`.
    static func describe(_ space: SupplementaryPaths) -> String {
        switch space.space {
        case .perSection: "\(space.kind.name) per section"
        case .grid(let sections, let items): "\(space.kind.name) at (0 ..< \(sections), 0 ..< \(items))"
        }
    }

    /// Every space of `spaces` described, or `none`.
    static func describe(_ spaces: [SupplementaryPaths]) -> String {
        spaces.isEmpty ? "none" : spaces.map(describe).joined(separator: "; ")
    }
}
