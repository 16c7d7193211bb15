import GridCore

/// Supplementary requests come from the spaces a layout declares, never from a list of
/// kinds: every path of each declared space (a bounded choice of a huge one), paths just
/// outside each space, and a few paths of every kind the layout does not declare, all of
/// which must answer `nil`.
extension ProbePlan {
    /// At most this many paths of one declared space are probed. A larger space (the row
    /// headers of a million records) gets the first and last ``spaceEnds`` of each
    /// dimension and evenly chosen indices between them.
    static let maxPathsPerSpace = 4096
    /// How many of a dimension's first and last indices a bounded choice always keeps.
    static let spaceEnds = 8

    /// The supplementary requests for `data` when the layout declares `spaces`: every
    /// space's paths (bounded), then, with `beyond`, the paths just outside each space and a
    /// few paths of each kind not declared, then every other supplementary element of the
    /// whole-content answer.
    ///
    /// - Parameter beyond: `false` when recording a fixture, which asks only for what may exist.
    static func supplementaryProbes(
        _ data: DataShape, spaces: [SupplementaryPaths], whole: [LayoutAttributes], beyond: Bool = true
    ) -> [SupplementaryRequest] {
        var requests: [SupplementaryRequest] = []
        var seen = Set<ElementID>()
        func ask(_ kind: ElementKind, _ paths: [ItemPath]) {
            for path in paths {
                let request = SupplementaryRequest(kind: kind, path: path)
                if seen.insert(request.id).inserted { requests.append(request) }
            }
        }
        for space in spaces { ask(space.kind, pathsProbed(in: space.space, data: data)) }
        if beyond {
            for space in spaces { ask(space.kind, pathsJustOutside(space.space, data: data)) }
            let declared = ElementKinds(spaces.map(\.kind))
            for kind in ElementKind.allCases where kind.isSupplementary && !declared.contains(kind) {
                ask(kind, pathsOfUndeclaredKind(data))
            }
        }
        for element in whole where element.kind.isSupplementary {
            ask(element.kind, [element.path])
        }
        return requests
    }

    /// The paths of `space` that are probed, sections in order, items in order within each:
    /// all of them when there are at most ``maxPathsPerSpace``.
    static func pathsProbed(in space: SupplementaryPaths.Space, data: DataShape) -> [ItemPath] {
        let (sections, items) = space.extent(for: data)
        let (chosenSections, chosenItems) = probedIndices(sections: sections, items: items)
        var paths: [ItemPath] = []
        paths.reserveCapacity(chosenSections.count * chosenItems.count)
        for section in chosenSections {
            for item in chosenItems { paths.append(ItemPath(section: section, item: item)) }
        }
        return paths
    }

    /// The section and item indices probed in a space of `sections` × `items`: at most
    /// ``maxPathsPerSpace`` pairs, and at most 64 sections when items must be chosen too.
    static func probedIndices(sections: Int, items: Int) -> (sections: [Int], items: [Int]) {
        let (total, overflow) = sections.multipliedReportingOverflow(by: items)
        if !overflow, total <= maxPathsPerSpace { return (Array(0 ..< sections), Array(0 ..< items)) }
        var sectionCount = min(sections, 64)
        let itemCount = min(items, maxPathsPerSpace / max(sectionCount, 1))
        sectionCount = min(sections, maxPathsPerSpace / max(itemCount, 1))
        return (chosenIndices(sections, count: sectionCount), chosenIndices(items, count: itemCount))
    }

    /// At most `count` indices of `0 ..< n`, ascending: the first and last ``spaceEnds``
    /// and evenly spread ones between them.
    static func chosenIndices(_ n: Int, count: Int) -> [Int] {
        guard n > count else { return Array(0 ..< max(0, n)) }
        guard count > 0 else { return [] }
        let ends = min(spaceEnds, count / 2)
        let low = ends, high = n - ends - 1  // the middle indices lie in low ... high
        let middle = count - 2 * ends
        var result = Array(0 ..< ends)
        for k in 0 ..< middle {
            let fraction = middle == 1 ? 0.5 : Double(k) / Double(middle - 1)
            let index = low + Int((Double(high - low) * fraction).rounded(.down))
            if result.last.map({ $0 < index }) ?? true { result.append(min(index, high)) }
        }
        result += (n - ends) ..< n
        return result
    }

    /// Paths that lie just outside a space: before its first section and item, one past its
    /// last section and item, and past the corner opposite the origin.
    static func pathsJustOutside(_ space: SupplementaryPaths.Space, data: DataShape) -> [ItemPath] {
        let (sections, items) = space.extent(for: data)
        var paths = [
            ItemPath(section: -1, item: 0), ItemPath(section: 0, item: -1),
            ItemPath(section: sections, item: 0), ItemPath(section: 0, item: items),
        ]
        if sections > 0 && items > 0 {
            paths += [ItemPath(section: sections - 1, item: items), ItemPath(section: sections, item: items - 1)]
        }
        return paths
    }

    /// Where a kind the layout does not declare is looked for: the first paths, and the
    /// first of the last section.
    static func pathsOfUndeclaredKind(_ data: DataShape) -> [ItemPath] {
        [
            ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1), ItemPath(section: 1, item: 0),
            ItemPath(section: max(0, data.sectionCount - 1), item: 0),
        ]
    }
}
