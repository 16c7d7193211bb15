import GridCore

/// An edit valid for `data`: items inserted, deleted or moved, sections inserted or
/// deleted, anywhere, the first and last sections included.
package func randomDataEdit(_ data: DataShape, items: Int, _ random: inout SeededRandom) -> DataEdit {
    let sections = data.sectionCount
    let nonEmpty = (0..<sections).filter { data.itemCounts[$0] > 0 }
    switch random.integer(0...4) {
    case 0 where sections > 0:
        let section = random.integer(0...sections - 1)
        return .insertItems(section: section, item: random.integer(0...data.itemCounts[section]), count: random.integer(1...items), sizes: nil)
    case 1 where !nonEmpty.isEmpty:
        let section = nonEmpty[random.integer(0...nonEmpty.count - 1)]
        let start = random.integer(0...data.itemCounts[section] - 1)
        return .deleteItems(section: section, items: start..<random.integer(start + 1...data.itemCounts[section]))
    case 2 where !nonEmpty.isEmpty:
        let from = nonEmpty[random.integer(0...nonEmpty.count - 1)]
        let to = random.integer(0...sections - 1)
        let room = data.itemCounts[to] - (to == from ? 1 : 0)
        return .moveItem(from: ItemPath(section: from, item: random.integer(0...data.itemCounts[from] - 1)),
                         to: ItemPath(section: to, item: random.integer(0...room)))
    case 3 where sections > 4:
        let start = random.integer(0...sections - 1)
        return .deleteSections(start..<min(sections, start + random.integer(1...3)))
    default:
        return .insertSections(section: random.integer(0...sections), counts: (0..<random.integer(1...3)).map { _ in random.integer(0...items) }, sizes: nil)
    }
}
