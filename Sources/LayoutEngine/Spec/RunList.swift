/// A run of generated rows or items: `count` elements whose content cycles through `cycle`.
///
/// `"rows": {"count": 1000000, "row": {"height": 30}}` is one run with a one-element cycle, so a
/// million-row spec stays a few hundred bytes in memory. `"cycle": [{"height": 104}, {"height": 40}]`
/// alternates contents. An explicit row in a list is a run of 1.
public struct SpecRun<Element> {
    /// How many elements the run stands for (≥ 0).
    public var count: Int
    /// The contents the run's elements take in turn; never empty.
    public var cycle: [Element]

    /// A run of `count` elements that all have `element`'s content.
    public init(count: Int, element: Element) {
        self.count = count
        self.cycle = [element]
    }

    /// A run of `count` elements cycling through `cycle`, which must not be empty.
    public init?(count: Int, cycle: [Element]) {
        guard !cycle.isEmpty, count >= 0 else { return nil }
        self.count = count
        self.cycle = cycle
    }

    /// The content of the run's element at `offset` (0 ..< count).
    public func element(at offset: Int) -> Element { cycle[offset % cycle.count] }
}

extension SpecRun: Equatable where Element: Equatable {}
extension SpecRun: Hashable where Element: Hashable {}
extension SpecRun: Sendable where Element: Sendable {}

/// The rows of a section (or the items of a grid section) as a list of runs, with O(log runs)
/// random access by index.
public struct RunList<Element> {
    /// The runs, in order.
    public private(set) var runs: [SpecRun<Element>] = []
    /// `starts[i]` is the index of the first element of `runs[i]`.
    private var starts: [Int] = []
    /// The number of elements all runs stand for.
    public private(set) var count = 0

    /// An empty list.
    public init() {}

    /// A list of the given runs.
    public init(_ runs: [SpecRun<Element>]) {
        for run in runs { append(run) }
    }

    /// A list with one element per entry of `elements`.
    public init(elements: [Element]) {
        self.init(elements.map { SpecRun(count: 1, element: $0) })
    }

    /// Adds a run at the end (a run of 0 elements is dropped).
    public mutating func append(_ run: SpecRun<Element>) {
        guard run.count > 0 else { return }
        starts.append(count)
        runs.append(run)
        count += run.count
    }

    /// The content of the element at `index`, or nil when out of range.
    public func element(at index: Int) -> Element? {
        guard index >= 0, index < count else { return nil }
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return runs[low].element(at: index - starts[low])
    }

    /// Every element's content in order. Materialises `count` values: avoid on huge lists.
    public var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        for run in runs {
            for offset in 0..<run.count { result.append(run.element(at: offset)) }
        }
        return result
    }
}

extension RunList: Equatable where Element: Equatable {
    public static func == (a: RunList, b: RunList) -> Bool { a.runs == b.runs }
}
extension RunList: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(runs) }
}
extension RunList: Sendable where Element: Sendable {}
