// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.2653249832807234, -0.36221591548640847, 2.6563284304402983], [-2.1203611657425152, -0.26347557045944625, -1.8432064355112545], [2.6136065419438914, -2.1874445610615347, -2.6617728958544675], [0.075596642524346988, -2.5142891647733654, 0.059185485076172349], [3.0139153503211045, 2.3330793396845975, -0.27191515442549247]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %c2 = shlo.constant {value = dense<[[4.5065729560465853, -0.58869128472466981, 0.38915313257274869], [1.8804119427342159, 0.60721142132226658, -4.1151916815104963], [-1.3400559798489047, -0.6114265057171363, -0.078330643962265814], [1.4824660506877614, 2.8612817015360328, 1.0779125198297501], [-0.14288973989466139, -0.94940139839166726, 1.2601918651973005]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<5x3xf64>, tensor<5x3xf64>) -> tensor<5x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c5 = shlo.constant {value = dense<[[0.55369254284404135, -1.3830562867277512, 1.4273211765700275], [0.16569714165402841, -0.52986264401338024, -0.59319796361233157], [-2.1285697385739377, -0.82553553342887542, -1.3541430614885082]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c6 = shlo.constant {value = dense<[[-1.7350983580270563, 2.5536232878591059, -0.69697592552997856], [0.4431160868003825, -0.89638308314185344, -1.5970228017054295], [0.40498747701357618, 0.67584201873598115, -2.3524898943975265]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %v8 = "shlo.scatter"(%v3, %c4, %v7) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    "shlo.return"(%b0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xcomplex<f64>>, tensor<3x1xi32>, tensor<3x3xcomplex<f64>>) -> tensor<5x3xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<5x3xcomplex<f64>>) -> tensor<5x3xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<5x3xcomplex<f64>>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.2653249832807234, -0.36221591548640847, 2.6563284304402983], [-2.1203611657425152, -0.26347557045944625, -1.8432064355112545], [2.6136065419438914, -2.1874445610615347, -2.6617728958544675], [0.075596642524346988, -2.5142891647733654, 0.059185485076172349], [0.55369254284404135, -1.3830562867277512, 1.4273211765700275]]> : tensor<5x3xf64>}} : (tensor<5x3xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4.5065729560465853, -0.58869128472466981, 0.38915313257274869], [1.8804119427342159, 0.60721142132226658, -4.1151916815104963], [-1.3400559798489047, -0.6114265057171363, -0.078330643962265814], [1.4824660506877614, 2.8612817015360328, 1.0779125198297501], [-1.7350983580270563, 2.5536232878591059, -0.69697592552997856]]> : tensor<5x3xf64>}} : (tensor<5x3xf64>) -> ()
  func.return
}
