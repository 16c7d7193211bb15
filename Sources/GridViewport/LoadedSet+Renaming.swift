import GridCore

// MARK: - Edits and reloads

extension LoadedSet {
    /// Renames every loaded element to its ID after `edit`; elements the edit deleted
    /// leave now (their tiles return to their pools, and they are counted in the next
    /// frame's `left`). The others keep their tiles. Frames are refreshed by the next
    /// frame's query.
    /// - Complexity: O(k) to rename, plus an insertion sort that is O(k) for a set still in
    ///   order and O(k²) at worst. No allocation.
    mutating func rename(by edit: DataEdit) {
        rename { edit.id(after: $0) }
    }

    /// Renames every loaded element to `map`'s ID for it, as ``rename(by:)`` does with a
    /// batch update's; `nil` means the element is gone. Used for a layout's own edits
    /// (``GridCore/LayoutEdit``): the cells of sections that `move` keeps or moves (every
    /// loaded cell is a cell of before) are renamed by it, without calling `map`.
    /// - Complexity: O(k) calls of `map` at most, then the sort of ``rename(by:)``.
    mutating func rename(_ map: (ElementID) -> ElementID?, move: SectionMove? = nil) {
        previousRect = nil
        var write = 0
        // Whether the renamed elements are still in ID order (a block of rows moved keeps
        // it): then no sort is needed.
        var ordered = true
        var lastID: UInt64 = 0
        let count = elements.count
        elements.withUnsafeMutableBufferPointer { elements in
            var read = 0
            while read < count {
                let old = elements[read].id
                guard let id = move?.id(after: old) ?? map(old) else {
                    Self.leave(elements[read], pools: &pools, digest: &digest, reusePolicy: reusePolicy)
                    pendingLeft += 1
                    read += 1
                    continue
                }
                if id != old {
                    let position = elements[read].attributes.groupPosition
                    digest.remove(old, position: position)
                    elements[read].attributes.path = id.path
                    digest.insert(id, position: position)
                }
                if write != read { elements[write] = elements[read] }
                if write > 0 && id.rawValue < lastID { ordered = false }
                lastID = id.rawValue
                write += 1
                read += 1
            }
        }
        elements.removeLast(count - write)
        guard !ordered else { return }
        elements.withUnsafeMutableBufferPointer { a in
            var index = 1
            while index < a.count {
                let element = a[index]
                var hole = index
                while hole > 0 && element.id < a[hole - 1].id {
                    a[hole] = a[hole - 1]
                    hole -= 1
                }
                a[hole] = element
                index += 1
            }
        }
    }

    /// Unloads every element now, as `reloadData` does: their tiles return to their pools,
    /// and they are counted in the next frame's `left`.
    /// - Complexity: O(k).
    mutating func unloadAll() {
        var index = 0
        while index < elements.count {
            Self.leave(elements[index], pools: &pools, digest: &digest, reusePolicy: reusePolicy)
            index += 1
        }
        pendingLeft += elements.count
        elements.removeAll(keepingCapacity: true)
        previousRect = nil
    }
}
