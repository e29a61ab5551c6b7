// all_to_all: oracle: identity on one replica
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.34188509, -0.487700224, 0.961400747], [-4.40646935, 9.81348323, 2.5118556]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.all_to_all"(%c1) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.34188509, -0.487700224, 0.961400747], [-4.40646935, 9.81348323, 2.5118556]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
