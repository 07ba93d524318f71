// swift-tools-version: 6.1
// LayoutEngine: UITableView / UICollectionView geometry and FreeType text measurement, headless on Linux.
// Architecture: ../shared/design/ARCHITECTURE.md (and docs/ in this repository).
import PackageDescription

let package = Package(
    name: "LayoutEngine",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "TextLayout", targets: ["TextLayout"]),
        .library(name: "TableLayout", targets: ["TableLayout"]),
        .library(name: "FlowLayout", targets: ["FlowLayout"]),
        .library(name: "CellLayout", targets: ["CellLayout"]),
        .library(name: "LayoutGeometry", targets: ["LayoutGeometry"]),
        .library(name: "LayoutReport", targets: ["LayoutReport"]),
        .executable(name: "layout", targets: ["layout"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // `swift package generate-documentation --target LayoutEngine` (the DocC catalog in Sources/LayoutEngine).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C libraries. Only Sources/TextLayout/Backend imports these.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .target(
            name: "CICUShim",
            linkerSettings: [.linkedLibrary("icuuc")]),
        // Loops over a paragraph's clusters in C, where selects can be kept from becoming jumps.
        .target(name: "CTextKernels"),

        .target(name: "LayoutGeometry"),
        .target(
            name: "TextLayout",
            dependencies: ["LayoutGeometry", "CFreeType", "CHarfBuzz", "CFontconfig", "CICUShim", "CTextKernels"]),
        // UIKit's batch-update rules, once, for both engines (tables never import grids).
        .target(name: "BatchPlanning", dependencies: ["LayoutGeometry"]),
        .target(name: "TableLayout", dependencies: ["LayoutGeometry", "BatchPlanning"]),
        .target(name: "FlowLayout", dependencies: ["LayoutGeometry", "BatchPlanning"]),
        .target(name: "CellLayout", dependencies: ["LayoutGeometry", "TextLayout"]),
        .target(
            name: "LayoutEngine",
            dependencies: [
                "LayoutGeometry", "TextLayout", "TableLayout", "FlowLayout", "CellLayout",
                .product(name: "Yams", package: "Yams"),
            ]),
        .target(name: "LayoutReport", dependencies: ["LayoutEngine"]),
        .executableTarget(
            name: "layout",
            dependencies: [
                "LayoutEngine", "LayoutReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // What the test targets share (the seeded generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LayoutGeometryTests", dependencies: ["LayoutGeometry"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "CICUShim", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TableLayoutTests", dependencies: ["TableLayout", "TestSupport"]),
        .testTarget(name: "FlowLayoutTests", dependencies: ["FlowLayout", "TestSupport"]),
        .testTarget(name: "CellLayoutTests", dependencies: ["CellLayout"]),
        .testTarget(name: "BatchPlanningTests", dependencies: ["BatchPlanning", "TableLayout", "FlowLayout", "TestSupport"]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine"]),
        .testTarget(name: "CLITests", dependencies: ["LayoutReport"]),
    ]
)
