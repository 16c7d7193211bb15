import GridCore

/// Sorts `buffer` by ``LayoutAttributes/id`` in place, without allocating.
///
/// Layouts may answer a rect query in any order, but the viewport's diff walks two lists
/// sorted by ``ElementID``. The standard library's `sort()` allocates a merge buffer for
/// larger arrays, so this sort works inside the array's own storage:
///
/// 1. an O(k) scan returns at once when the buffer is already sorted (the reference
///    layouts answer in ID order, so this is the common case);
/// 2. otherwise insertion sort, which is O(k + inversions) and fastest when nearly sorted,
///    runs with a budget of `k·⌈log₂ k⌉` element moves;
/// 3. if the budget runs out, heapsort finishes the job in O(k log k).
///
/// Not stable: elements with equal IDs (which a conforming layout never returns) may come
/// out in any order.
///
/// - Complexity: O(k) when sorted, O(k log k) in the worst case; O(1) extra memory.
func sortByID(_ buffer: inout [LayoutAttributes]) {
    let count = buffer.count
    guard count > 1 else { return }
    buffer.withUnsafeMutableBufferPointer { a in
        var first = 1
        var previous = a[0].id
        while first < count {
            let id = a[first].id
            if id < previous { break }
            previous = id
            first += 1
        }
        if first == count { return }
        if !insertionSort(a, from: first, budget: count * (Int.bitWidth - (count - 1).leadingZeroBitCount)) {
            heapSort(a)
        }
    }
}

/// Insertion sort of `a`, whose prefix `a[..<first]` is already sorted.
///
/// - Returns: `false`, leaving `a` a permutation of its input, when more than `budget`
///   elements would have to move.
@inline(__always)
private func insertionSort(_ a: UnsafeMutableBufferPointer<LayoutAttributes>, from first: Int, budget: Int) -> Bool {
    var moves = 0
    var i = first
    while i < a.count {
        let element = a[i]
        let key = element.id
        var j = i
        while j > 0 && a[j - 1].id > key {
            a[j] = a[j - 1]
            j -= 1
        }
        a[j] = element
        moves += i - j
        if moves > budget { return false }
        i += 1
    }
    return true
}

/// Heapsort of `a` by ID: a max-heap built bottom-up, then repeatedly the largest moved to
/// the end.
private func heapSort(_ a: UnsafeMutableBufferPointer<LayoutAttributes>) {
    let count = a.count
    var start = count / 2
    while start > 0 {
        start -= 1
        siftDown(a, from: start, end: count)
    }
    var end = count
    while end > 1 {
        end -= 1
        let largest = a[0]
        a[0] = a[end]
        a[end] = largest
        siftDown(a, from: 0, end: end)
    }
}

/// Restores the heap property below `root` within `a[..<end]`.
@inline(__always)
private func siftDown(_ a: UnsafeMutableBufferPointer<LayoutAttributes>, from root: Int, end: Int) {
    let element = a[root]
    let key = element.id
    var parent = root
    while true {
        var child = 2 * parent + 1
        if child >= end { break }
        if child + 1 < end && a[child + 1].id > a[child].id { child += 1 }
        if a[child].id <= key { break }
        a[parent] = a[child]
        parent = child
    }
    a[parent] = element
}
