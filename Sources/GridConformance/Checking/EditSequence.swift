import GridCore

/// Seeded changes for law 6's edit sequences (``ConformanceOptions/editSequences``): each
/// step a batch update valid for the data it is made on (items inserted, deleted or moved,
/// sections inserted or deleted; on data that carries item sizes, a quarter of them a
/// measurement: some items set to new sizes), a new container (its width, its height, or
/// both), or both at once, told in one invalidation (a rotation during a batch update), with
/// what a layout is told of it.
struct EditSequence {
    var random: SeededRandom
    /// The kinds of change the options allow: batch updates when they include any of the
    /// data changes that are one, measurements when they include `.setItemSizes`, container
    /// changes as they include rotation, width and height.
    let edits: Bool, measures: Bool, rotates: Bool, widens: Bool, heightens: Bool

    init(seed: UInt64, changes: [ConformanceChange]) {
        random = SeededRandom(seed: SeededRandom.mix(seed))
        edits = changes.contains { $0.isBatchUpdate }
        measures = changes.contains(.setItemSizes)
        rotates = changes.contains(.rotate)
        widens = changes.contains(.resizeWidth)
        heightens = changes.contains(.resizeHeight)
    }

    /// Whether the options allow any change at all.
    var changesAnything: Bool { edits || measures || rotates || widens || heightens }

    /// One change of `data` in `container`: the data and container after it and the
    /// invalidation that describes it. `widening`, an edit and a new width told together
    /// (when the options allow both).
    mutating func step(_ data: DataShape, _ container: Size, widening: Bool = false) -> (data: DataShape, container: Size, invalidation: Invalidation) {
        let edits = self.edits || measures
        if widening, edits, widens {
            var size = container
            size.width = max(1, (container.width * random.uniform(0.6 ... 1.6)).rounded())
            if size.width == container.width { size.width += 1 }
            let edit = self.edit(for: data)
            guard let changed = try? edit.applied(to: data) else { return (data, size, .resized(from: container, to: size)) }
            return (changed, size, Invalidation(data: .edited(edit), container: .init(from: container, to: size)))
        }
        let roll = random.integer((edits ? 0 : 80) ... 99)
        if roll >= 80 {
            var size = container
            switch roll {
            case 80 ..< 87 where widens: size.width = (container.width * random.uniform(0.6 ... 1.6)).rounded()
            case 87 ..< 94 where heightens: size.height = (container.height * random.uniform(0.6 ... 1.6)).rounded()
            case 94 ... 99 where rotates: size = Size(width: container.height, height: container.width)
            default: break
            }
            if size.width >= 1, size.height >= 1, size != container {
                // A third of the container changes come with a batch update, told together.
                if edits, random.integer(0 ... 2) == 0 {
                    let edit = self.edit(for: data)
                    if let changed = try? edit.applied(to: data) {
                        return (changed, size, Invalidation(data: .edited(edit), container: .init(from: container, to: size)))
                    }
                }
                return (data, size, .resized(from: container, to: size))
            }
            guard edits else { return (data, container, Invalidation()) }
        }
        let edit = self.edit(for: data)
        // Every edit made here is valid for `data`; should one not be, nothing changes.
        guard let changed = try? edit.applied(to: data) else { return (data, container, Invalidation()) }
        return (changed, container, .edited(edit))
    }

    /// A batch update valid for `data`, or a measurement (`setItemSizes`) where the options
    /// allow measurements and `data` carries item sizes: a quarter of the edits when they
    /// allow batch updates too, else every one. (The extra draw is made on data with sizes
    /// only, so sequences over data without sizes are what they were.) Measurements allowed
    /// alone, on data with nothing to measure: an empty measurement, which `applied(to:)`
    /// refuses where there are no sizes and which changes nothing where there are no items.
    mutating func edit(for data: DataShape) -> DataEdit {
        if measures, data.itemSizes != nil, data.totalItems > 0, !edits || random.integer(0 ... 3) == 0 {
            return measurement(of: data)
        }
        guard edits else { return .setItemSizes([]) }
        let sections = data.sectionCount
        let sized = data.itemSizes != nil
        let nonEmpty = (0 ..< sections).filter { data.itemCount(inSection: $0) > 0 }
        switch random.integer(0 ... 9) {
        case 0 ... 2 where sections > 0:
            let section = random.integer(0 ... sections - 1)
            let count = random.integer(1 ... 6)
            return .insertItems(
                section: section, item: random.integer(0 ... data.itemCount(inSection: section)), count: count,
                sizes: sized ? sizes(count) : nil)
        case 3 ... 4 where !nonEmpty.isEmpty:
            let section = nonEmpty[random.integer(0 ... nonEmpty.count - 1)]
            let count = data.itemCount(inSection: section)
            let start = random.integer(0 ... count - 1)
            return .deleteItems(section: section, items: start ..< random.integer(start + 1 ... min(count, start + 5)))
        case 5 ... 6 where !nonEmpty.isEmpty:
            let from = nonEmpty[random.integer(0 ... nonEmpty.count - 1)]
            let fromItem = random.integer(0 ... data.itemCount(inSection: from) - 1)
            let to = random.integer(0 ... sections - 1)
            // After the removal at `from`, `to`'s section holds one item fewer when it is `from`'s.
            let room = data.itemCount(inSection: to) - (to == from ? 1 : 0)
            return .moveItem(from: ItemPath(section: from, item: fromItem), to: ItemPath(section: to, item: random.integer(0 ... room)))
        case 7 where sections > 1:
            let start = random.integer(0 ... sections - 1)
            return .deleteSections(start ..< random.integer(start + 1 ... min(sections, start + 2)))
        default:
            let counts = (0 ..< random.integer(1 ... 3)).map { _ in random.integer(0 ... 12) }
            return .insertSections(
                section: random.integer(0 ... sections), counts: counts, sizes: sized ? sizes(counts.reduce(0, +)) : nil)
        }
    }

    /// A measurement of `data`, which carries item sizes and holds items: 1 to 6 items drawn
    /// at random (any section, any order, a repeat now and then), each set to a new size drawn
    /// as inserted items' are.
    mutating func measurement(of data: DataShape) -> DataEdit {
        let total = data.totalItems
        let count = random.integer(1 ... min(6, total))
        let flat = (0 ..< count).map { _ in random.integer(0 ... total - 1) }
        let sizes = self.sizes(count)
        return .setItemSizes(zip(flat, sizes).compactMap { index, size in
            data.path(atFlatIndex: index).map { SizedItem(path: $0, size: size) }
        })
    }

    /// Content sizes for inserted items, as the fixed changes make them.
    private mutating func sizes(_ count: Int) -> [Size] {
        ConformanceChange.newSizes(count, random: &random)
    }
}
