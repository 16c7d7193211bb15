import GridCore
import GridLayouts

/// The reference tile grid with one item placed `shift` points lower than it belongs, in
/// every answer: rect queries (by its wrong frame) and per-item queries. Everything else
/// is TileGrid's.
///
/// A bug of this kind changes the loaded set only in the frames where an edge of the
/// loaded rect passes between the item's true and wrong frames, so a replay fails it at a
/// frame in the middle of a trace, not at the first.
struct OneItemOff: GridLayout {
    var base = TileGrid()
    let victim: ItemPath
    let shift: Double

    mutating func prepare(data: DataShape, container: Size) throws {
        try base.prepare(data: data, container: container)
    }

    var contentSize: Size { base.contentSize }
    var traits: LayoutTraits { base.traits }

    func wrongFrame(_ frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY + shift, width: frame.width, height: frame.height)
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty else { return }
        let start = buffer.count
        // The victim's wrong frame may meet `rect` while its true frame lies up to `shift`
        // above it: ask for that much more, then keep what meets `rect` as answered.
        base.elements(in: Rect(x: rect.minX, y: rect.minY - shift, width: rect.width, height: rect.height + shift), into: &buffer)
        var kept = start
        for index in start..<buffer.count {
            var element = buffer[index]
            if element.kind == .cell && element.path == victim { element.frame = wrongFrame(element.frame) }
            if element.frame.intersects(rect) {
                buffer[kept] = element
                kept += 1
            }
        }
        buffer.removeLast(buffer.count - kept)
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard var attributes = base.attributes(at: path) else { return nil }
        if path == victim { attributes.frame = wrongFrame(attributes.frame) }
        return attributes
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        base.supplementary(kind, at: path)
    }
}

/// The reference tile grid whose rect queries leave out the last row of cells they meet:
/// the off-by-one of a scan that stops one row early.
struct LastRowDropped: GridLayout {
    var base = TileGrid()

    mutating func prepare(data: DataShape, container: Size) throws {
        try base.prepare(data: data, container: container)
    }

    var contentSize: Size { base.contentSize }
    var traits: LayoutTraits { base.traits }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        let start = buffer.count
        base.elements(in: rect, into: &buffer)
        var lastRowY = -Double.infinity
        for element in buffer[start...] where element.kind == .cell { lastRowY = max(lastRowY, element.frame.minY) }
        var kept = start
        for index in start..<buffer.count where !(buffer[index].kind == .cell && buffer[index].frame.minY == lastRowY) {
            buffer[kept] = buffer[index]
            kept += 1
        }
        buffer.removeLast(buffer.count - kept)
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        base.supplementary(kind, at: path)
    }
}
