// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.38360457794112846, 0.4897541525227137, -0.1003975561844449], [-0.328992519045467, 0.29816371238425832, 0.13305144021001436]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[0.43785994643421267, -0.10349656115067274, 0.69229761262572886, -0.77216555820769772]> : tensor<4xf64>} : () -> tensor<4xf64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xf64>, tensor<4xf64>) -> tensor<2x3x4xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[0.16796507994922127, -0.039701754658562009, 0.26556853350094356, -0.29620624305693977], [0.21444372698952865, -0.050687870595362942, 0.33905563056501176, -0.37817128856723914], [-0.0439600685730469, 0.010390801813021504, -0.06950498845994868, 0.077523535013850591]], [[-0.14405264676650487, 0.03404959436550304, -0.22776073550690143, 0.25403669211489965], [0.13055394713319735, -0.030858918891688989, 0.2064180262552465, -0.23023174941047025], [0.058257896483351737, -0.013770366517880829, 0.092111194413807843, -0.10273773960010385]]]> : tensor<2x3x4xf64>, rtol = 4.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<2x3x4xf64>) -> ()
  func.return
}
