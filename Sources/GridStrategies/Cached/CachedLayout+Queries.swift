import GridCore

// MARK: - Queries

extension CachedLayout {
    /// - Complexity: O(1 + m); see the type's documentation.
    @inlinable
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty else { return }
        if !pieces.isEmpty {
            if pieces.apart.active {
                apartElements(in: rect, into: &buffer)
            } else {
                pieceElements(in: rect, into: &buffer)
            }
            return
        }
        guard !ids.isEmpty else { return }
        let a = bandsAlongX ? rect.minX : rect.minY
        let b = bandsAlongX ? rect.maxX : rect.maxY
        guard !a.isNaN, !b.isNaN, !rect.minX.isNaN, !rect.minY.isNaN else { return }
        let first = index.band(of: a)
        let last = index.band(of: b)
        frames.withUnsafeBufferPointer { frames in
            ids.withUnsafeBufferPointer { ids in
              positions.withUnsafeBufferPointer { positions in
                if !index.spillStarts.isEmpty {
                    index.spill.withUnsafeBufferPointer { spill in
                        var s = Int(index.spillStarts[first])
                        let spillEnd = Int(index.spillStarts[first + 1])
                        while s < spillEnd {
                            Self.emit(Int(spill[s]), frames, ids, positions, rect, &buffer)
                            s += 1
                        }
                    }
                }
                // From the band before the first: its elements can reach into the first.
                if bandMaxWidths.isEmpty {
                    var position = Int(index.bandStarts[max(first - 1, 0)])
                    let end = Int(index.bandStarts[last + 1])
                    while position < end {
                        Self.emit(position, frames, ids, positions, rect, &buffer)
                        position += 1
                    }
                    return
                }
                // Bands sorted by x: in each, from the first element that can reach the
                // rect's left edge (its minX ≥ rect.minX − the band's widest) to the first
                // that starts at or past its right edge.
                bandMaxWidths.withUnsafeBufferPointer { widths in
                    var band = max(first - 1, 0)
                    while band <= last {
                        var low = Int(index.bandStarts[band])
                        let end = Int(index.bandStarts[band + 1])
                        if end - low > 8 {
                            let left = rect.minX - widths[band]
                            var high = end
                            while low < high {
                                let mid = (low + high) / 2
                                if frames[mid].minX < left { low = mid + 1 } else { high = mid }
                            }
                        }
                        let right = rect.maxX
                        while low < end && frames[low].minX < right {
                            Self.emit(low, frames, ids, positions, rect, &buffer)
                            low += 1
                        }
                        band += 1
                    }
                }
              }
            }
        }
    }

    @inlinable @inline(__always)
    static func emit(
        _ position: Int, _ frames: UnsafeBufferPointer<Rect>, _ ids: UnsafeBufferPointer<ElementID>,
        _ positions: UnsafeBufferPointer<GroupPosition>, _ rect: Rect, _ buffer: inout [LayoutAttributes]
    ) {
        let frame = frames[position]
        guard frame.intersects(rect) else { return }
        let id = ids[position]
        buffer.append(LayoutAttributes(
            kind: id.kind ?? .cell, path: id.path, frame: frame,
            groupPosition: positions.isEmpty ? .none : positions[position]))
    }

    /// The group position of the element at `position` of the arrays.
    @inlinable @inline(__always)
    func groupPosition(at position: Int) -> GroupPosition {
        positions.isEmpty ? .none : positions[position]
    }

    /// - Complexity: O(1).
    @inlinable
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        if !pieces.isEmpty { return pieces.apart.active ? apartAnswer(.cell, at: path) : pieceAttributes(at: path) }
        guard let flat = data.flatIndex(of: path) else { return nil }
        let slot = cellSlots[flat]
        guard slot >= 0 else { return base.attributes(at: path) }
        return .cell(path, frame: frames[Int(slot)], groupPosition: groupPosition(at: Int(slot)))
    }

    /// The base's placement: a strategy changes where answers come from, never what they are.
    /// - Complexity: the base's.
    public func gridPlacement(of path: ItemPath) -> GridPlacement? {
        base.gridPlacement(of: path)
    }

    /// - Complexity: O(1) for section headers; O(1) expected for other kinds.
    @inlinable
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        if !pieces.isEmpty {
            guard kind != .cell else { return nil }
            return pieces.apart.active ? apartAnswer(kind, at: path) : pieceSupplementary(kind, at: path)
        }
        let slot: Int32?
        if kind == .sectionHeader && path.item == 0 && headerSlots.indices.contains(path.section) {
            slot = headerSlots[path.section]
        } else if kind != .cell, case let id = ElementID(kind: kind, path: path), id.path == path {
            slot = otherSlots.slot(kind, path)
        } else {
            slot = nil
        }
        guard let slot, slot >= 0 else { return kind == .cell ? nil : base.supplementary(kind, at: path) }
        return LayoutAttributes(kind: kind, path: path, frame: frames[Int(slot)], groupPosition: groupPosition(at: Int(slot)))
    }
}
