// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MyLayout",
    platforms: [.macOS(.v14)],  // GridBench's own minimum
    dependencies: [
        // A clone of GridBench beside this package. Keep `name:`: SwiftPM names a path
        // dependency after its folder, and `package: "GridBench"` below must find it.
        .package(name: "GridBench", path: "../GridBench"),
    ],
    targets: [
        .target(name: "MyLayout", dependencies: [.product(name: "GridCore", package: "GridBench")]),
        .testTarget(
            name: "MyLayoutTests",
            dependencies: ["MyLayout", .product(name: "GridConformanceTesting", package: "GridBench")]),
    ]
)

// The performance gate, an executable of your own: `swift build -c release --product my-gate`.
package.products.append(.executable(name: "my-gate", targets: ["MyGate"]))
package.targets.append(
    .executableTarget(
        name: "MyGate",
        dependencies: [
            "MyLayout", .product(name: "GridGate", package: "GridBench"), .product(name: "GridLayouts", package: "GridBench"),
        ]))
