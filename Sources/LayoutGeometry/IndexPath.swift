// Index paths are Foundation's `IndexPath`, as on iOS: a user who imports Foundation and this package writes
// `IndexPath(row: 3, section: 0)` and gets one type. Apple's UIKit and AppKit add `section`, `row` and
// `item` to it; swift-corelibs-foundation does not, so this file adds them where they are missing.
// Every index path the engines take or return has exactly two indexes: section, then row (or item).
// Foundation orders index paths lexicographically and encodes them as `[section, item]`, the contract's form.
@_exported import struct Foundation.IndexPath

#if !canImport(UIKit) && !canImport(AppKit)
extension IndexPath {
    /// Creates an index path from a section and a row (UIKit's `IndexPath(row:section:)`).
    @inlinable
    public init(row: Int, section: Int) {
        self.init(index: section)
        append(row)  // one index to two: stored inline, no array allocated
    }

    /// Creates an index path from a section and an item (UIKit's `IndexPath(item:section:)`).
    @inlinable
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// The section index (the first index).
    @inlinable
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row index within the section (the second index).
    @inlinable
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The item index within the section; the same as `row`.
    @inlinable
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
